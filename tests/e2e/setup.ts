// Each browser test ends with no uncaught error in its pages (tests/e2e/page-errors.ts).
import { afterEach } from 'vitest';
import { takePageErrors } from './page-errors.ts';

afterEach(() => {
  const errors = takePageErrors();
  if (errors.length > 0) throw new Error(`uncaught errors in the pages of this test:\n${errors.join('\n')}`);
});
