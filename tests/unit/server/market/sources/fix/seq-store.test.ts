// The FIX session's sequence numbers on disk: ours written at every change, the LP's every 20th, read back by the
// next session (a restart, or the standby writer), in QuickFIX's seqnums format.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import { SessionId } from 'jspurefix';
import { describe, expect, it } from 'vitest';
import { SeqNumStore } from '../../../../../../server/market/sources/fix/seq-store.ts';
import { tempDirs } from '../../../../../fixtures/temp-dirs.ts';

const id = new SessionId('FIX.4.4', 'TICKWISE', 'LP');
const fresh = tempDirs('seq-store-');

describe('SeqNumStore', () => {
  it('starts a new session at 1 and keeps our number at every change for the next session', async () => {
    const dir = fresh();
    const a = new SeqNumStore(id, dir);
    await a.initialize();
    expect([a.senderSeqNum, a.targetSeqNum]).toEqual([1, 1]);
    await a.setSenderSeqNum(7);
    await a.setTargetSeqNum(3);
    expect(readFileSync(join(dir, 'FIX.4.4-TICKWISE-LP.seqnums'), 'utf8')).toMatch(/^\s+7 : \s+1$/);
    const b = new SeqNumStore(id, dir);
    await b.initialize();
    expect(b.senderSeqNum).toBe(7);
  });

  it("writes the LP's number every 20th change, and all on flush", async () => {
    const dir = fresh();
    const a = new SeqNumStore(id, dir);
    await a.initialize();
    for (let i = 0; i < 20; i++) await a.nextTargetSeqNum();
    const read = async (): Promise<number> => {
      const b = new SeqNumStore(id, dir);
      await b.initialize();
      return b.targetSeqNum;
    };
    expect(await read()).toBe(21);
    await a.nextTargetSeqNum();
    expect(await read()).toBe(21);
    await a.flush();
    expect(await read()).toBe(22);
  });
});
