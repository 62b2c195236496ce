// A key with no delivery reads "sent", so strangers cannot tell which addresses have accounts.
import type { Queryable } from '../db/db.ts';
import { deliveryStateByKey } from './delivery-repository.ts';

export async function codeDeliveryState(q: Queryable, key: string): Promise<{ state: 'pending' | 'sent' | 'failed' }> {
  const state = await deliveryStateByKey(q, key);
  return { state: state === 'failed' ? 'failed' : state === 'queued' || state === 'sending' ? 'pending' : 'sent' };
}
