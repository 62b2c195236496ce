// Each browser test ends with no uncaught error in its pages (tests/e2e/page-errors.ts).
import { afterEach, expect } from 'vitest';
import { takePageErrors } from './page-errors.ts';

afterEach(() => {
  expect(takePageErrors(), 'uncaught errors in the pages of this test').toEqual([]);
});
