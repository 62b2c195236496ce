// Test helper shared by the screens' tests: the app started in English with the stored session read, a clean slate
// before each test (English, signed out, no toasts), a fresh fake API per test with the screens unmounted after it,
// and a stand-in route that shows where the router went.
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';
import { restoreSession, signOut } from '../../src/state/account/session.ts';
import { $toasts } from '../../src/state/shell/toasts.ts';
import { afterEach, beforeEach } from 'vitest';
import { fakeServer, type FakeServer } from './api-fake-server.ts';
import { unmountRendered } from './pages-render.tsx';

/** For beforeAll: i18n in English (as a first visit with lang=en) and the stored session restored. */
export async function startInEnglish(): Promise<void> {
  await initI18n({ cookies: 'lang=en' });
  await restoreSession();
}

/** For beforeEach: back to English, signed out, no toasts left from the test before. */
export async function signedOutInEnglish(): Promise<void> {
  await setLanguage('en');
  signOut();
  $toasts.value = [];
}

/** A route's stand-in: "<name> <path><search>", so a test can read where a navigation went. */
export function Where({ name }: { name: string }): ReactElement {
  const loc = useLocation();
  return <p data-testid="where">{`${name} ${loc.pathname}${loc.search}`}</p>;
}

/** A fresh fake API for each test, read once the test has begun. */
export interface FakeApi {
  readonly server: FakeServer;
}

/**
 * Registers the hooks of a screen test: before each test `prepare` (default: English, signed out) and then a fresh
 * fake API (a file's own beforeEach, registered after this call, adds its routes); after each test the API is
 * restored and every view still rendered is unmounted.
 */
export function useFakeApi(prepare: () => void | Promise<void> = signedOutInEnglish): FakeApi {
  let server: FakeServer | undefined;
  beforeEach(async () => {
    await prepare();
    server = fakeServer();
  });
  afterEach(async () => {
    server?.restore();
    server = undefined;
    await unmountRendered();
  });
  return {
    get server() {
      if (!server) throw new Error('the fake API is made before each test');
      return server;
    },
  };
}
