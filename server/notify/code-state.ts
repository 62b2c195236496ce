// A key with no delivery reads "sent", so strangers cannot tell which addresses have accounts.
import type { Queryable } from '../db/db.ts';
import { deliveryStateByKey } from './delivery-repository.ts';

export type CodeState = 'pending' | 'sent' | 'failed';

export async function codeDeliveryState(q: Queryable, key: string): Promise<{ state: CodeState }> {
  const state = await deliveryStateByKey(q, key);
  if (state === 'failed') return { state: 'failed' };
  if (state === 'queued' || state === 'sending') return { state: 'pending' };
  return { state: 'sent' };
}
