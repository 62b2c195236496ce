// The sealed backup file; its header is authenticated too, so a cut, altered or foreign file is refused before use.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { backupKeyId } from './backup-key.ts';

export type BackupKind = 'pglite' | 'postgres';

const MAGIC = Buffer.from('TWBK', 'latin1');
const VERSION = 1;
const HEADER = 26;
const TAG = 16;
const KIND_BYTE: Record<BackupKind, number> = { pglite: 0x67, postgres: 0x70 };

/** The message names the file and what is wrong with it. */
export class BadBackup extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

function header(kind: BackupKind, key: Buffer): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION, KIND_BYTE[kind]]), backupKeyId(key), randomBytes(12)]);
}

/** A transform for stream.pipeline. */
export function sealer(key: Buffer, kind: BackupKind) {
  return async function* seal(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const head = header(kind, key);
    const cipher = createCipheriv('aes-256-gcm', key, head.subarray(14, 26));
    cipher.setAAD(head);
    yield head;
    for await (const chunk of source) yield cipher.update(chunk);
    yield cipher.final();
    yield cipher.getAuthTag();
  };
}

export const isSealed = (bytes: Uint8Array): boolean =>
  bytes.length >= MAGIC.length && Buffer.from(bytes.subarray(0, MAGIC.length)).equals(MAGIC);

/** A wrong key, a cut or an alteration is refused. */
export function unseal(file: string, bytes: Buffer, key: Buffer): { kind: BackupKind; archive: Buffer } {
  if (bytes.length < HEADER + TAG || bytes[4] !== VERSION) throw new BadBackup(file, 'cut short, or not a backup');
  const kind = bytes[5] === KIND_BYTE.pglite ? 'pglite' : bytes[5] === KIND_BYTE.postgres ? 'postgres' : null;
  if (!kind) throw new BadBackup(file, 'not a backup this server wrote');
  const head = bytes.subarray(0, HEADER);
  if (!head.subarray(6, 14).equals(backupKeyId(key)))
    throw new BadBackup(
      file,
      `sealed with another backup key (id ${head.subarray(6, 14).toString('hex')}; this key's id is ${backupKeyId(key).toString('hex')})`,
    );
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(14, 26));
  decipher.setAAD(head);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
  const body = decipher.update(bytes.subarray(HEADER, bytes.length - TAG));
  try {
    return { kind, archive: Buffer.concat([body, decipher.final()]) };
  } catch {
    throw new BadBackup(file, 'damaged or altered (its authentication failed): use another backup');
  }
}
