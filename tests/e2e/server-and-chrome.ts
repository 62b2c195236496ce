// The fixture most browser files share: an app server (tests/e2e/app-server.ts) and Chromium. One server and one
// Chromium serve every file of a vitest run that only signs up users of its own and acts as them
// (useServerAndChrome): the global setup starts them (tests/e2e/global-setup.ts), each file connects a browser of its
// own to that Chromium; staff members of its own and a story it deletes after it are its own too. A file that stops,
// kills or reconfigures its server (an ops setting, a feed, the first administrator, content others read) or needs
// other server settings starts its own (useOwnServerAndChrome); it still connects to the shared Chromium.
// The files of a run go one at a time (fileParallelism off): a change put back in afterAll is the file's alone.
// Apart from app-server.ts and browser.ts because it imports vitest, and the benches import those two outside a run.
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from './browser.ts';
import { startAppServer, type AppServer } from './app-server.ts';

/** What the global setup shares with the files of its run (nothing when it started no shared server). */
export interface SharedE2e {
  url: string;
  port: number;
  dataDir: string;
  opsToken: string;
  /** playwright's endpoint of the shared Chromium (chromium.launchServer). */
  chromium: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eShared: SharedE2e | null;
  }
}

export interface ServerAndChrome {
  /** The running server; read inside a hook or a test (it is started by this file's beforeAll). */
  readonly server: AppServer;
  readonly chrome: LaunchedBrowser;
}

/** The shared server as an AppServer: it outlives the file, so the file may not stop, kill or restart it. */
function sharedServer(shared: SharedE2e): AppServer {
  const refuse = (): Promise<void> =>
    Promise.reject(new Error('the shared e2e server is not this file’s to stop: use useOwnServerAndChrome'));
  return {
    url: shared.url,
    port: shared.port,
    dataDir: shared.dataDir,
    opsToken: shared.opsToken,
    output: () => '(the shared server’s output is printed by the global setup at the end of the run)',
    stop: refuse,
    kill: refuse,
    start: refuse,
    dispose: () => Promise.resolve(),
  };
}

/** A browser of this file's own: connected to the run's shared Chromium, or launched when there is none. */
export async function connectChrome(shared: SharedE2e | null = inject('e2eShared')): Promise<LaunchedBrowser> {
  if (!shared) return launchBrowser();
  const browser = await chromium.connect(shared.chromium);
  return { browser, close: () => browser.close() }; // closes this file's contexts and disconnects
}

function serverAndChrome(startServer: (shared: SharedE2e | null) => Promise<AppServer>): ServerAndChrome {
  let server: AppServer | undefined;
  let chrome: LaunchedBrowser | undefined;
  beforeAll(async () => {
    const shared = inject('e2eShared');
    server = await startServer(shared);
    chrome = await connectChrome(shared);
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

/** The run's shared server, or one of the file's own when the run has none (a Firefox-only run); dispose it after. */
export function sharedOrOwnServer(shared: SharedE2e | null = inject('e2eShared')): Promise<AppServer> {
  return shared ? Promise.resolve(sharedServer(shared)) : startAppServer();
}

/** The run's shared server (the simulator on a weekday noon) and Chromium, for a file that only acts as its users. */
export function useServerAndChrome(): ServerAndChrome {
  return serverAndChrome(sharedOrOwnServer);
}

/** A server of this file's own (with `env`, default: the simulator on a weekday noon), stopped after the file. */
export function useOwnServerAndChrome(env?: Record<string, string>): ServerAndChrome {
  return serverAndChrome(() => startAppServer(env));
}
