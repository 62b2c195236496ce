// Which engine serves which server: one per AppContext (tests run several servers in one process).
import type { AppContext } from '../context.ts';
import type { OrderEngine } from './engine.ts';

const engines = new WeakMap<AppContext, OrderEngine>();

export function registerEngine(ctx: AppContext, engine: OrderEngine): void {
  engines.set(ctx, engine);
}

/** The engine started for this server's context (tests use it to wait for triggers: `await engineOf(ctx).idle()`). */
export function engineOf(ctx: AppContext): OrderEngine {
  const engine = engines.get(ctx);
  if (!engine) throw new Error('no order engine started for this context');
  return engine;
}
