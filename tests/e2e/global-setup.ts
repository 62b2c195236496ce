// Once per browser-test run: the built client (built when dist/ is missing; npm test builds it before this project),
// the seeded data-directory template every test server starts from (tests/e2e/data-template.ts), and the server and
// Chromium the run's files share (tests/e2e/server-and-chrome.ts) — not for a Firefox-only run, whose flows start
// their own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { DATA_TEMPLATE_ENV, startAppServer, WEEKDAY_NOON } from './app-server.ts';
import { chromiumOptions, FLOW_BROWSERS } from './browser.ts';
import { runDataTemplate } from './data-template.ts';
import './server-and-chrome.ts'; // its ProvidedContext

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  // Seeded at the instant the test servers' clocks start from (SIM_TIME), as a first start would seed it.
  const template = await runDataTemplate(Date.parse(WEEKDAY_NOON));
  process.env[DATA_TEMPLATE_ENV] = template.dir; // the test workers start after the global setup and inherit it
  if (!FLOW_BROWSERS.includes('chromium')) {
    project.provide('e2eShared', null);
    return () => Promise.resolve(template.dispose());
  }
  const server = await startAppServer();
  const browser = await chromium.launchServer(chromiumOptions());
  project.provide('e2eShared', {
    url: server.url,
    port: server.port,
    dataDir: server.dataDir,
    opsToken: server.opsToken,
    chromium: browser.wsEndpoint(),
  });
  return async () => {
    // Its warnings and errors (a stuck transaction, the outer db used inside one): the clue when its files failed.
    const output = server.output().trim();
    if (output) console.log(`== the shared e2e server's output\n${output}`);
    await browser.close();
    await server.dispose();
    template.dispose();
  };
}
