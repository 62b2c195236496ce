// Unit-test environment: happy-dom has no IndexedDB, so idb-keyval runs on fake-indexeddb.
import 'fake-indexeddb/auto';
import { clear } from 'idb-keyval';
import { vi } from 'vitest';

// Files share one window and module graph (vitest.config.ts): each starts from fresh app modules and an empty page.
if (typeof document !== 'undefined') {
  vi.resetModules();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const a of [...document.documentElement.attributes]) document.documentElement.removeAttribute(a.name);
  for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]?.trim()}=; max-age=0; path=/`;
  localStorage.clear();
  sessionStorage.clear();
  await clear(); // idb-keyval keeps its connection across files, so its store is emptied rather than replaced
  history.replaceState(null, '', '/');
  refuseThePagesOrigin();
}

/** The page's origin is happy-dom's http://localhost:3000, where nothing listens: a request no test answered fails at
 * once, as a browser offline does, instead of trying the port and printing Node's connection error after the test. */
export function refuseThePagesOrigin(): void {
  const pass = globalThis.fetch as typeof fetch & { refusesOrigin?: true };
  if (pass.refusesOrigin) return; // the files of a worker share one window
  const refusing = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin) return pass(input, init);
    return Promise.reject(new TypeError(`Failed to fetch: no server answers ${url.pathname} in a unit test`));
  };
  globalThis.fetch = Object.assign(refusing, { refusesOrigin: true as const });
}
