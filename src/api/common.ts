import type { AreaCode, BaseSettings } from '../../domain/types.ts';
import { apiGet } from './client.ts';

export interface AppStatus {
  status: number; // 0 = running; anything else sends the browser to loss_url
  type: number;
  loss_url: string;
}

export function areaList() {
  return apiGet<AreaCode[]>('/api/default/area_list');
}

export function basicInfo() {
  return apiGet<BaseSettings>('/api/basicSet/getBasicInfo', undefined, { toast: false, initial: true });
}

export function companyStatus() {
  return apiGet<AppStatus>('/api/company/getCompanyStatus', undefined, { toast: false, initial: true });
}

/** is_show_mobile '0' hides mobile sign-up; risk_cap_percent caps a size; payout_hold_hours delays payouts. */
export function publicSetting(key: 'is_show_mobile' | 'risk_cap_percent' | 'payout_hold_hours') {
  return apiGet<{ key: string; value: string | null }>('/api/default/setting', { key }, { toast: false });
}
