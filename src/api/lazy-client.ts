// apiGet/apiPost for the few calls the first screen's own modules make (the trade list, the watchlist, the base
// settings): the HTTP client (client.ts with its envelope rules, then axios in http.ts) is a lazy chunk fetched on the
// first of them, which start-up makes after the first screen has drawn (src/app/start/start.ts startDeferred), so neither is
// first-screen bytes (bench/README.md "Start-up"). Same signatures as client.ts.
type Client = typeof import('./client.ts');

const client = (): Promise<Client> => import('./client.ts');

// The arguments pass through as given (no trailing undefined added), so a call reads the same as client.ts's own.
export async function apiGet<T>(...args: Parameters<Client['apiGet']>): Promise<T> {
  return (await client()).apiGet<T>(...args);
}

export async function apiPost<T>(...args: Parameters<Client['apiPost']>): Promise<T> {
  return (await client()).apiPost<T>(...args);
}
