// The paths the server answers as an API, not as the web app: they never fall back to the app's index.html (the
// server's not-found handler, server/http/http-app.ts), every answer on them is `Cache-Control: no-store`
// (server/security/headers.ts), the service worker leaves them to the network (scripts/service-worker-plugin.ts) and
// the dev server proxies them to the API (vite.config.ts). One list, so the four cannot disagree. There is no
// `/uploads/` among them: images are served by GET /api/common/image/:id (docs/api.md), so an `/uploads/…` link is a
// page path like any other. `/metrics` is served on its own port only
// (docs/operations.md "Metrics"): on the app's port it is a 404, never the app's page.

export const API_PREFIXES = ['/api/', '/v1/', '/healthz', '/metrics'] as const;

/** True when `path` (without its query) is one the API answers. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}
