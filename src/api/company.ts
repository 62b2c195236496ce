// Main-site company search (docs/contract.md §7 GET /api/company/getCompany): by name (substring) or one company by id.
import type { Company } from '../../domain/types.ts';
import { apiGet } from './client.ts';

/** Companies whose name contains `name` (all when empty), at most 50 by name. Failures are shown by the screen. */
export const searchCompanies = (name: string) =>
  apiGet<Company[]>('/api/company/getCompany', name ? { name } : undefined, { toast: false });

/** The company kept in the cookie; null when it no longer exists. */
export const companyById = async (id: number): Promise<Company | null> =>
  (await apiGet<Company[]>('/api/company/getCompany', { id }, { toast: false }))[0] ?? null;
