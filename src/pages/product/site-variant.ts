// Which /product this deployment shows (docs/contract.md §2): the main site searches provider companies, any other site searches
// instruments. The server says which it is: getCompanyStatus `type` 1 = main site (setting app_type; docs/product.md).
import type { AppStatus } from '../../api/common.ts';

export const MAIN_SITE_TYPE = 1;

/** Unknown status (the check failed) counts as not main: instrument search works on every site. */
export function isMainSite(status: AppStatus | null): boolean {
  return status?.type === MAIN_SITE_TYPE;
}
