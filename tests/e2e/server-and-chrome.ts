// The fixture most browser files share: one app server (tests/e2e/app-server.ts) and one Chromium for the whole file,
// started before its first test and stopped after its last. Apart from app-server.ts and browser.ts because it
// imports vitest, and the benches import those two outside a test runner.
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './browser.ts';
import { startAppServer, type AppServer } from './app-server.ts';

export interface ServerAndChrome {
  /** The running server; read inside a hook or a test (it is started by this file's beforeAll). */
  readonly server: AppServer;
  readonly chrome: LaunchedBrowser;
}

/**
 * Registers the hooks that start the server (with `env`, default: the simulator on a weekday noon) and Chromium,
 * and close both after the file; the returned handle reads them once started.
 */
export function useServerAndChrome(env?: Record<string, string>): ServerAndChrome {
  let server: AppServer | undefined;
  let chrome: LaunchedBrowser | undefined;
  beforeAll(async () => {
    server = await startAppServer(env);
    chrome = await launchBrowser();
  });
  afterAll(async () => {
    await chrome?.close();
    await server?.dispose();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the e2e ${what} is not started yet`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get chrome() {
      return started(chrome, 'browser');
    },
  };
}
