// jspurefix's file store can lose the latest sequence number, so ours is written synchronously and atomically.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IFixMsgStoreRecord, IFixSessionStore, SessionId } from 'jspurefix';

const KEEP_SENT = 1000;
const TARGET_EVERY = 20;

export class SeqNumStore implements IFixSessionStore {
  senderSeqNum = 1;
  targetSeqNum = 1;
  readonly creationTime = new Date();
  private readonly path: string;
  private readonly sent = new Map<number, IFixMsgStoreRecord>();
  private targetChanges = 0;
  readonly sessionId: SessionId;
  private readonly dir: string;

  constructor(sessionId: SessionId, dir: string) {
    this.sessionId = sessionId;
    this.dir = dir;
    this.path = join(dir, `${sessionId.toFilePrefix()}.seqnums`);
  }

  async initialize(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    try {
      const [sender, target] = readFileSync(this.path, 'utf8')
        .split(':')
        .map((p) => Number(p.trim()));
      if (Number.isInteger(sender) && Number.isInteger(target) && (sender ?? 0) > 0 && (target ?? 0) > 0) {
        this.senderSeqNum = sender ?? 1;
        this.targetSeqNum = target ?? 1;
      }
    } catch {
      // No file yet: a new session starts at 1.
    }
  }

  async setSenderSeqNum(value: number): Promise<void> {
    this.senderSeqNum = value;
    this.write();
  }

  async setTargetSeqNum(value: number): Promise<void> {
    this.targetSeqNum = value;
    this.writeSoon();
  }

  async nextSenderSeqNum(): Promise<number> {
    this.senderSeqNum += 1;
    this.write();
    return this.senderSeqNum;
  }

  async nextTargetSeqNum(): Promise<number> {
    this.targetSeqNum += 1;
    this.writeSoon();
    return this.targetSeqNum;
  }

  async reset(): Promise<void> {
    this.senderSeqNum = 1;
    this.targetSeqNum = 1;
    this.sent.clear();
    this.write();
  }

  async put(record: IFixMsgStoreRecord): Promise<void> {
    this.sent.set(record.seqNum, record);
    if (this.sent.size > KEEP_SENT) this.sent.delete(this.sent.keys().next().value ?? 0);
  }

  async get(seqNum: number): Promise<IFixMsgStoreRecord | null> {
    return this.sent.get(seqNum) ?? null;
  }

  async getRange(fromSeqNum: number, toSeqNum: number): Promise<IFixMsgStoreRecord[]> {
    return [...this.sent.values()].filter((r) => r.seqNum >= fromSeqNum && r.seqNum <= toSeqNum);
  }

  async flush(): Promise<void> {
    this.write();
  }

  dispose(): Promise<void> {
    return this.flush();
  }

  private writeSoon(): void {
    this.targetChanges += 1;
    if (this.targetChanges >= TARGET_EVERY) this.write();
  }

  private write(): void {
    this.targetChanges = 0;
    const tmp = `${this.path}.tmp`;
    try {
      writeFileSync(tmp, `${String(this.senderSeqNum).padStart(20)} : ${String(this.targetSeqNum).padStart(20)}`);
      renameSync(tmp, this.path);
    } catch {
      // The numbers stay right in memory; the LP's logon check catches a store that could not keep them.
    }
  }
}
