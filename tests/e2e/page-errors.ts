// A page's uncaught exception or unhandled rejection fails the test that was running (tests/e2e/setup.ts): a thrown
// error the screen hides (an animation frame after a chart is gone, a rejection no one handles) is still a defect.
// browser.ts and firefox.ts report every page's errors here; no vitest import, as the benches load browser.ts.
const seen: string[] = [];

export function reportPageError(browser: string, error: Error): void {
  seen.push(`${browser}: ${error.stack ?? error.message}`);
}

/** The errors reported since the last call. */
export function takePageErrors(): string[] {
  return seen.splice(0);
}
