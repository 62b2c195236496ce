// The second factor's SQL on both databases (server/auth/second-factor-repository.ts): a pending secret, the atomic
// step guard (a step is accepted once, never an older one, and parallel accepts of one step: exactly one wins),
// recovery codes used once, traders and staff kept apart, and removal taking the recovery codes with it.
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from '../../../server/auth/second-factor.ts';
import {
  acceptStep,
  beginFactor,
  factorEnabled,
  factorOf,
  removeFactor,
  replaceRecoveryCodes,
  unusedRecoveryHashes,
  useRecoveryCode,
  type FactorOwner,
} from '../../../server/auth/second-factor-repository.ts';
import { useTestServer } from '../support/harness.ts';

const used = useTestServer({ market: { manual: true } });
const db = () => used.server.ctx.db;
let next = 9000;
const fresh = (kind: FactorOwner['kind'] = 'user'): FactorOwner => ({ kind, id: ++next });

describe('second factor repository', () => {
  it('a pending secret is replaced while pending, never once enabled; enabling takes the first step', async () => {
    const o = fresh();
    expect(await beginFactor(db(), o, 'AAAA', 1)).toBe(true);
    expect(await beginFactor(db(), o, 'BBBB', 2)).toBe(true);
    expect((await factorOf(db(), o))?.secret).toBe('BBBB');
    expect(await factorEnabled(db(), o)).toBe(false);
    // A pending factor accepts no ordinary code, only the enabling one.
    expect(await acceptStep(db(), o, 100, 3)).toBe(false);
    expect(await acceptStep(db(), o, 100, 3, true)).toBe(true);
    expect(await factorEnabled(db(), o)).toBe(true);
    expect(await beginFactor(db(), o, 'CCCC', 4)).toBe(false);
    expect((await factorOf(db(), o))?.secret).toBe('BBBB');
  });

  it('a step is accepted once, an older one never, and of parallel accepts of one step exactly one wins', async () => {
    const o = fresh();
    await beginFactor(db(), o, 'AAAA', 1);
    await acceptStep(db(), o, 100, 1, true);
    expect(await acceptStep(db(), o, 100, 2)).toBe(false);
    expect(await acceptStep(db(), o, 99, 2)).toBe(false);
    const racing = await Promise.all(Array.from({ length: 6 }, () => acceptStep(db(), o, 101, 3)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect((await factorOf(db(), o))?.last_step).toBe('101');
  });

  it('recovery codes: stored as hashes, each used once (racing uses: one wins); replaced as a set', async () => {
    const o = fresh();
    await beginFactor(db(), o, 'AAAA', 1);
    const codes = newRecoveryCodes();
    await db().tx((q) => replaceRecoveryCodes(q, o, codes.map(hashRecoveryCode)));
    expect(await unusedRecoveryHashes(db(), o)).toHaveLength(10);
    const h = hashRecoveryCode(codes[0] ?? '');
    const racing = await Promise.all(Array.from({ length: 4 }, () => useRecoveryCode(db(), o, h, 5)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await unusedRecoveryHashes(db(), o)).toHaveLength(9);
    await db().tx((q) => replaceRecoveryCodes(q, o, newRecoveryCodes().map(hashRecoveryCode)));
    expect(await unusedRecoveryHashes(db(), o)).toHaveLength(10);
    expect(await useRecoveryCode(db(), o, hashRecoveryCode(codes[1] ?? ''), 6)).toBe(false);
  });

  it('traders and staff with the same id are apart; removal takes the recovery codes with it', async () => {
    const user = fresh('user');
    const staff: FactorOwner = { kind: 'staff', id: user.id };
    await beginFactor(db(), user, 'USER', 1);
    await beginFactor(db(), staff, 'STAFF', 1);
    await acceptStep(db(), staff, 50, 1, true);
    await db().tx((q) => replaceRecoveryCodes(q, staff, ['a'.repeat(64)]));
    expect(await factorEnabled(db(), user)).toBe(false);
    expect(await factorEnabled(db(), staff)).toBe(true);
    await removeFactor(db(), staff);
    expect(await factorOf(db(), staff)).toBeUndefined();
    expect(await unusedRecoveryHashes(db(), staff)).toEqual([]);
    expect((await factorOf(db(), user))?.secret).toBe('USER');
  });
});
