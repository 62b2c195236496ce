// docs/contract.md §7 News; the rest: docs/api.md "Content".
import type {
  Announcement,
  InviteInfo,
  NewsDetail,
  NewsItem,
  Paged,
  RankedTrader,
  Trader,
} from '../../domain/content-types.ts';
import { apiGet } from './client.ts';

export const newsList = (page: number) => apiGet<Paged<NewsItem>>('/api/news/list', { category_id: 1, page });
export const newsInfo = (id: number) => apiGet<NewsDetail>('/api/news/info', { id }, { loading: true });
/** `rate`: three-week return; `followers`: traders one can follow (docs/content.md). */
export const followList = async (page: number, sort: 'rate' | 'followers' = 'rate'): Promise<Paged<RankedTrader>> => {
  const p = await apiGet<Paged<Trader>>('/api/follow/list', { page, sort });
  return { ...p, data: p.data.map(({ multiple, ...t }) => ({ ...t, leverage: multiple })) };
};
export const inviteInfo = () => apiGet<InviteInfo>('/api/user/invite');
export const complaintEmail = () => apiGet<{ email: string }>('/api/user/complaint_email');
export const announcement = () => apiGet<Announcement>('/api/basicSet/announcement');
