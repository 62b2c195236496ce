// Once per browser-test run: the built client (built when dist/ is missing; npm test builds it before this project)
// and the seeded data-directory template every test server starts from (tests/e2e/data-template.ts).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DATA_TEMPLATE_ENV, WEEKDAY_NOON } from './app-server.ts';
import { prepareDataTemplate } from './data-template.ts';

export default async function setup(): Promise<() => void> {
  if (!existsSync('dist/index.html')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  // Seeded at the instant the test servers' clocks start from (SIM_TIME), as a first start would seed it.
  const template = await prepareDataTemplate(Date.parse(WEEKDAY_NOON));
  process.env[DATA_TEMPLATE_ENV] = template.dir; // the test workers start after the global setup and inherit it
  return () => template.dispose();
}
