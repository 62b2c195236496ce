// One list, so the 404 handler, no-store headers, service worker and dev proxy cannot disagree about the API's paths.

export const API_PREFIXES = ['/api/', '/v1/', '/healthz', '/metrics'] as const;

/** `path` without its query. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}
