// docs/contract.md §7 GET /api/company/getCompany.
import type { Company } from '../../domain/types.ts';
import { apiGet } from './client.ts';

/** All when empty, at most 50. Failures are shown by the screen. */
export const searchCompanies = (name: string) =>
  apiGet<Company[]>('/api/company/getCompany', name ? { name } : undefined, { toast: false });

/** null when the company in the cookie no longer exists. */
export const companyById = async (id: number): Promise<Company | null> =>
  (await apiGet<Company[]>('/api/company/getCompany', { id }, { toast: false }))[0] ?? null;
