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
}
