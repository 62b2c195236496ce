// domain/forwarding.ts: the one forwarding Proxy behind the feed handles and the worker's API.
import { describe, expect, it } from 'vitest';
import { callByName, forwardLater, forwardNow } from '../../../domain/forwarding.ts';

interface Api {
  add(a: number, b: number): number;
  name(): string;
  start(): string;
  missing(): void;
}

class Impl {
  constructor(private readonly base: number) {}
  add(a: number, b: number): number {
    return this.base + a + b;
  }
  name(): string {
    return 'impl';
  }
  start(): string {
    return 'impl start';
  }
}

describe('callByName', () => {
  it('calls the method on the target itself, and names the API when there is no such method', () => {
    expect(callByName(new Impl(1), 'add', [2, 3], 'Api')).toBe(6);
    expect(() => callByName(new Impl(1), 'missing', [], 'Api')).toThrow(new TypeError('Api has no method missing'));
    expect(() => callByName({ x: 1 }, 'x', [], 'Api')).toThrow(TypeError);
  });
});

describe('forwardNow', () => {
  it('forwards by name at once, with `this` the target, and answers sync methods synchronously', () => {
    const api = forwardNow<Api>(new Impl(10), { label: 'Api' });
    expect(api.add(1, 2)).toBe(13);
    const add = api.add; // detached, as Comlink calls it
    expect(add(0, 0)).toBe(10);
  });

  it('answers its own methods first, and a name the own object answers undefined is forwarded', () => {
    const api = forwardNow<Api>(new Impl(0), { label: 'Api', own: { start: () => 'own start', name: undefined } });
    expect(api.start()).toBe('own start');
    expect(api.name()).toBe('impl');
  });

  it('has no `then` or symbol members (awaiting it does not hang), nor the skipped names', async () => {
    const api = forwardNow<Api>(new Impl(0), { label: 'Api', skip: ['start'] });
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect((api as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
    expect(api.start).toBeUndefined();
    expect(await Promise.resolve(api)).toBe(api);
  });

  it('throws a TypeError for a method the target lacks, when it is called', () => {
    const api = forwardNow<Api>(new Impl(0), { label: 'Api' });
    expect(() => api.missing()).toThrow('Api has no method missing');
  });
});

describe('forwardLater', () => {
  it('holds every call until the target exists, then calls it in order', async () => {
    let found: (impl: Impl) => void = () => undefined;
    const ready = new Promise<Impl>((resolve) => (found = resolve));
    const api = forwardLater<Api>(() => ready, { label: 'Api' });
    const first = api.add(1, 1) as unknown as Promise<number>;
    const second = api.name() as unknown as Promise<string>;
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    found(new Impl(5));
    expect(await first).toBe(7);
    expect(await second).toBe('impl');
  });

  it('rejects as the target does, and with a TypeError for a method the target lacks', async () => {
    const none = forwardLater<Api>(() => Promise.reject(new Error('no target')), { label: 'Api' });
    await expect(none.name()).rejects.toThrow('no target');
    const api = forwardLater<Api>(() => Promise.resolve(new Impl(0)), { label: 'Api' });
    await expect(api.missing()).rejects.toThrow(new TypeError('Api has no method missing'));
  });

  it('answers own methods without waiting, and is awaitable', async () => {
    const api = forwardLater<Api>(() => new Promise<never>(() => undefined), {
      label: 'Api',
      own: { start: () => 'own start' },
    });
    expect(api.start()).toBe('own start');
    expect(await Promise.resolve(api)).toBe(api);
  });
});
