// A code's delivery state as its requester sees it (docs/notifications.md "A code that was not sent"): pending while
// queued or being sent, sent, or failed (given up). A key with no delivery (a reset code for an address that has no
// account is stored but never sent, so the answer cannot tell strangers which addresses have accounts) reads "sent".
import type { Queryable } from '../db/db.ts';
import { deliveryStateByKey } from './delivery-repository.ts';

export type CodeState = 'pending' | 'sent' | 'failed';

export async function codeDeliveryState(q: Queryable, key: string): Promise<{ state: CodeState }> {
  const state = await deliveryStateByKey(q, key);
  if (state === 'failed') return { state: 'failed' };
  if (state === 'queued' || state === 'sending') return { state: 'pending' };
  return { state: 'sent' };
}
