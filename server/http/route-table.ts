// Every route the app registers, collected by an onRoute hook (added before any route), so tests that must cover
// "every route" (tests/server/http/fuzz-routes.test.ts) find new routes without a hand-kept list.
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { RouteBudget } from '../security/budgets.ts';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  websocket: boolean;
  /** What the route declared about its request budget (server/security/budgets.ts), if anything. */
  budget: RouteBudget | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export function trackRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    // `websocket: true`, or a route with a websocket handler beside its plain-HTTP one (/v1/ws).
    const websocket =
      (r as { websocket?: boolean }).websocket === true ||
      typeof (r as { wsHandler?: unknown }).wsHandler === 'function';
    for (const method of methods)
      table.push({ method: String(method), url: r.url, schema: r.schema, websocket, budget: r.config?.budget });
  });
}
