// tests/unit/setup.ts: a request to the page's own origin, where no server listens in a unit test, fails at once as a
// browser offline does; a test's own stub of fetch answers instead, and the refusal is back once it is unstubbed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuseThePagesOrigin } from '../../setup.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the unit tests' page", () => {
  it('refuses a request to its own origin at once, naming the path', async () => {
    await expect(fetch('/api/quotes?x=1')).rejects.toThrow(
      new TypeError('Failed to fetch: no server answers /api/quotes in a unit test'),
    );
    await expect(fetch(new Request(`${location.origin}/api/user`))).rejects.toThrow('no server answers /api/user');
  });

  it('wraps fetch once, however many files of a worker set the page up', () => {
    const once = globalThis.fetch;
    refuseThePagesOrigin();
    expect(globalThis.fetch).toBe(once);
  });

  it("lets a test's own stub answer, and refuses again once it is gone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('stubbed'))),
    );
    expect(await (await fetch('/api/user')).text()).toBe('stubbed');
    vi.unstubAllGlobals();
    await expect(fetch('/api/user')).rejects.toThrow('no server answers /api/user');
  });
});
