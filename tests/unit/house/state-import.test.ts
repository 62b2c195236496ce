// @vitest-environment happy-dom
// docs/architecture.md convention 12 for the market store: importing its modules runs nothing — no storage read or written, no
// effect registered, no microtask queued; the composition root (src/app/start/start.ts) starts what must run.
import { afterEach, describe, expect, it, vi } from 'vitest';

const effects = vi.hoisted(() => ({ count: 0 }));
vi.mock('@preact/signals-react', async (importOriginal) => {
  const real = await importOriginal<typeof import('@preact/signals-react')>();
  return {
    ...real,
    effect: (...args: Parameters<typeof real.effect>) => {
      effects.count++;
      return real.effect(...args);
    },
  };
});

const STORE_MODULES = [
  () => import('../../../src/state/market/quotes.ts'),
  () => import('../../../src/state/market/quote-interest.ts'),
  () => import('../../../src/state/market/instruments.ts'),
  () => import('../../../src/state/market/current-code.ts'),
  () => import('../../../src/state/feed/feed-signals.ts'),
  () => import('../../../src/state/feed/feed-listeners.ts'),
  () => import('../../../src/state/feed/apply-batch.ts'),
  () => import('../../../src/state/feed/feed-bridge.ts'),
];

afterEach(() => vi.restoreAllMocks());

describe('the market store at import', () => {
  it('touches no storage, registers no effect and queues nothing', async () => {
    localStorage.setItem('tw:current-code', 'XAUUSD');
    const get = vi.spyOn(Storage.prototype, 'getItem');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    const remove = vi.spyOn(Storage.prototype, 'removeItem');
    const micro = vi.spyOn(globalThis, 'queueMicrotask');
    for (const load of STORE_MODULES) await load();
    expect(get).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(micro).not.toHaveBeenCalled();
    expect(effects.count).toBe(0);
    const { $currentCode, persistCurrentCode } = await import('../../../src/state/market/current-code.ts');
    expect($currentCode.value).toBeNull(); // the stored code waits for the composition root
    const stop = persistCurrentCode();
    expect(effects.count).toBe(1); // the one effect, registered when asked
    expect($currentCode.value).toBe('XAUUSD');
    stop();
    localStorage.removeItem('tw:current-code');
  });
});
