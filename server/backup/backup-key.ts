// The key that seals backups, never inside an archive (docs/operations.md "The backup key").
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BACKUP_KEY_FILE = 'backup.key';
const KEY_BYTES = 32;

/** Anything but base64 or hex of 32 bytes is refused, naming where it came from. */
function parseBackupKey(text: string, from: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t)
    ? Buffer.from(t, 'hex')
    : /^[A-Za-z0-9+/]{43}=$/.test(t)
      ? Buffer.from(t, 'base64')
      : null;
  if (!bytes || bytes.length !== KEY_BYTES)
    throw new Error(`${from} must be a backup key of 32 bytes, written as 44 characters of base64 or 64 of hex`);
  return bytes;
}

/** A backup names the key it needs without revealing anything of it. */
export function backupKeyId(key: Buffer): Buffer {
  return createHash('sha256').update('tickwise backup key id\0').update(key).digest().subarray(0, 8);
}

interface BackupKeySource {
  dataDir: string;
  configured?: string | undefined;
}

/** BACKUP_KEY, else DATA_DIR/backup.key when there is one. */
function storedKey(src: BackupKeySource): { key: Buffer | undefined; path: string } {
  const path = join(src.dataDir, BACKUP_KEY_FILE);
  if (src.configured) return { key: parseBackupKey(src.configured, 'BACKUP_KEY'), path };
  try {
    return { key: parseBackupKey(readFileSync(path, 'utf8'), path), path };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { key: undefined, path };
    throw err;
  }
}

/** Makes DATA_DIR/backup.key (0600) when there is none yet. */
export function sealingKey(src: BackupKeySource): Buffer {
  const { key, path } = storedKey(src);
  if (key) return key;
  mkdirSync(src.dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process of this machine made it first: theirs is the key.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseBackupKey(readFileSync(path, 'utf8'), path);
}

/** Never made: a restore needs the key the backup was sealed with. */
export function openingKey(src: BackupKeySource & { keyFile?: string | undefined }): Buffer {
  if (src.keyFile) return parseBackupKey(readFileSync(src.keyFile, 'utf8'), src.keyFile);
  const { key, path } = storedKey(src);
  if (key) return key;
  throw new Error(
    `this backup is sealed, and there is no key: copy the server's backup.key to ${path}, or name it with --key-file, or set BACKUP_KEY`,
  );
}
