// One forwarding Proxy for the feed's handles (src/state/feed/feed-handle.ts, src/app/start/feed-root.ts,
// src/state/feed/feed-bridge.ts) and the worker's API (workers/feed/worker-api.ts): methods are forwarded by name, so a method list lives only in
// its type (workers/protocol.ts), and the checks each of those made by hand are made here once: `then` and symbols
// are no methods (awaiting a handle must not hang), a handle's own methods come first, and a name the target has no
// method for is a TypeError naming the API. Pure: no I/O, nothing of the app, the worker or the server.

export interface Forwarding {
  /** The API's name, for the TypeError about a method it lacks. */
  label: string;
  /**
   * Answered before anything is forwarded, read with Reflect.get (not `in`: a Proxy's methods exist only when asked
   * for); a name it answers undefined is forwarded.
   */
  own?: object;
  /** Names that are no methods here (answered undefined), besides `then` and symbols. */
  skip?: readonly string[];
}

/** Calls the method `name` of `target` with `args` (on `target` itself); a TypeError when it has no such method. */
export function callByName(target: object, name: string, args: readonly unknown[], label: string): unknown {
  const method: unknown = Reflect.get(target, name);
  if (typeof method !== 'function') throw new TypeError(`${label} has no method ${name}`);
  return Reflect.apply(method, target, args) as unknown;
}

function forwarder<T extends object>(opts: Forwarding, call: (name: string, args: unknown[]) => unknown): T {
  const skip = new Set(['then', ...(opts.skip ?? [])]);
  return new Proxy({} as T, {
    get: (_target, name) => {
      const own: unknown = opts.own === undefined ? undefined : Reflect.get(opts.own, name);
      if (own !== undefined) return own;
      if (typeof name !== 'string' || skip.has(name)) return undefined;
      return (...args: unknown[]) => call(name, args);
    },
  });
}

/** A T whose methods are `target`'s, called at once (a method's answer is returned as it is, sync or not). */
export function forwardNow<T extends object>(target: object, opts: Forwarding): T {
  return forwarder<T>(opts, (name, args) => callByName(target, name, args, opts.label));
}

/**
 * A T whose every method first waits for `target()` (so it may be called before the target exists) and then calls
 * that target's method of the same name; a call rejects when `target()` does.
 */
export function forwardLater<T extends object>(target: () => Promise<object>, opts: Forwarding): T {
  return forwarder<T>(opts, async (name, args) => callByName(await target(), name, args, opts.label));
}
