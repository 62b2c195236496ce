// The soak's HTTP client; a network failure counts as a 599 so the run reports it instead of dying.
export interface SoakReply<T> {
  code: number;
  msg: string;
  data: T;
  status: number;
}

type Params = Record<string, string | number>;

export interface SoakClient {
  get<T = unknown>(path: string, params?: Params): Promise<SoakReply<T>>;
  post<T = unknown>(path: string, form?: Params): Promise<SoakReply<T>>;
  withToken(token: string): SoakClient;
}

export function soakClient(base: string, token?: string): SoakClient {
  const headers = (): Record<string, string> => ({ lang: 'en', ...(token ? { authorization: token } : {}) });
  const strings = (p: Params = {}): Record<string, string> =>
    Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
  const call = async <T>(url: string, init: RequestInit): Promise<SoakReply<T>> => {
    try {
      const res = await fetch(url, init);
      const text = await res.text();
      try {
        return { ...(JSON.parse(text) as Omit<SoakReply<T>, 'status'>), status: res.status };
      } catch {
        return { code: -1, msg: text.slice(0, 200), data: undefined as T, status: res.status };
      }
    } catch (err) {
      return { code: -1, msg: String(err), data: undefined as T, status: 599 };
    }
  };
  return {
    get: (path, params) =>
      call(`${base}${path}?${new URLSearchParams({ t: String(Date.now()), ...strings(params) })}`, {
        headers: headers(),
      }),
    post: (path, form) =>
      call(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(strings(form)).toString(),
      }),
    withToken: (t) => soakClient(base, t),
  };
}
