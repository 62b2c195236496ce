// getCompanyStatus `type` 1 = main site (docs/product.md), which searches companies; others search instruments.
import type { AppStatus } from '../../api/common.ts';

export const MAIN_SITE_TYPE = 1;

/** Unknown counts as not main: instrument search works on every site. */
export function isMainSite(status: AppStatus | null): boolean {
  return status?.type === MAIN_SITE_TYPE;
}
