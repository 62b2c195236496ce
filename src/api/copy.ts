// Copy trading's routes (docs/api.md "Copy trading").
import type { CopyItem, CopyProvider, CopyProviderSelf } from '../../domain/copy-types.ts';
import { apiGet, apiPost, apiPostFull } from './client.ts';

export const copyProviders = () => apiGet<CopyProvider[]>('/api/copy/providers');
/** No toast: a trader who is not a provider simply sees nothing. */
export const providerSelf = () => apiGet<CopyProviderSelf>('/api/copy/self', undefined, { toast: false });
/** Polled: no toast for a failed poll, the next one tries again. */
export const myCopies = () => apiGet<CopyItem[]>('/api/copy/mine', undefined, { toast: false });

export const startCopy = (s: {
  providerId: number;
  amount: string;
  multiplier: string;
  stopLoss: number;
  copyOpen: boolean;
}) =>
  apiPost<{ id: number }>(
    '/api/copy/start',
    {
      provider_id: s.providerId,
      amount: s.amount,
      multiplier: s.multiplier,
      stop_loss: s.stopLoss,
      copy_open: s.copyOpen ? 1 : 0,
    },
    { loading: true },
  );
/** `keep`: positions stay in the follower's account, unlinked, instead of closing at market. */
export const stopCopy = (id: number, keep = false) =>
  apiPost<null>('/api/copy/stop', { id, keep: keep ? 1 : 0 }, { loading: true });
export const pauseCopy = (id: number, paused: boolean) =>
  apiPost<null>(paused ? '/api/copy/pause' : '/api/copy/resume', { id }, { loading: true });
export const addToCopy = (id: number, amount: string) =>
  apiPost<null>('/api/copy/add', { id, amount }, { loading: true });
export const withdrawFromCopy = (id: number, amount: string) =>
  apiPost<null>('/api/copy/withdraw', { id, amount }, { loading: true });

export const unpublishProvider = () => apiPostFull<null>('/api/copy/unpublish', {}, { loading: true });
/** No toast: the provider sheet shows a refusal itself. */
export const publishProvider = (p: { name: string; description: string; fee: number; minAmount: string }) =>
  apiPostFull<null>(
    '/api/copy/publish',
    { name: p.name, description: p.description, fee: p.fee, min_amount: p.minAmount },
    { loading: true, toast: false },
  );
