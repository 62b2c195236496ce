// Lets tests that cover "every route" (tests/server/http/fuzz-routes.test.ts) find new routes without a list.
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { RouteBudget } from '../security/budgets.ts';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  websocket: boolean;
  /** server/security/budgets.ts. */
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
    // /v1/ws has a websocket handler beside its plain-HTTP one.
    const websocket =
      (r as { websocket?: boolean }).websocket === true ||
      typeof (r as { wsHandler?: unknown }).wsHandler === 'function';
    for (const method of methods)
      table.push({ method: String(method), url: r.url, schema: r.schema, websocket, budget: r.config?.budget });
  });
}
