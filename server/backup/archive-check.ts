// A PGlite archive checked whole first, since PGlite's loader would leave partial files in DATA_DIR from a cut tar.
import { gunzipSync } from 'node:zlib';
import { BadBackup } from './sealed.ts';

const octal = (b: Buffer, at: number, len: number): number => {
  const end = at + len;
  return parseInt(b.toString('latin1', at, end).replace(/\0.*$/s, '').trim() || '0', 8);
};

/** Throws naming what is missing. */
export function checkTarball(file: string, tar: Buffer): void {
  let at = 0;
  while (at + 512 <= tar.length) {
    const head = tar.subarray(at, at + 512);
    if (head.every((x) => x === 0)) {
      if (at + 1024 <= tar.length) return;
      break;
    }
    const name = head.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (head[i] ?? 0);
    if (sum !== octal(head, 148, 8))
      throw new BadBackup(file, `damaged: the archive's entry after ${at} bytes is unreadable`);
    at += 512 + Math.ceil(octal(head, 124, 12) / 512) * 512;
    if (at > tar.length) throw new BadBackup(file, `cut short: the archive ends inside ${name}`);
  }
  throw new BadBackup(file, 'cut short: the archive has no end (an incomplete copy?)');
}

/** A refusal names the file and the problem. */
export function pgliteArchive(file: string, gz: Buffer): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(gz);
  } catch (err) {
    throw new BadBackup(file, `damaged: its compressed data is cut or corrupt (${(err as Error).message})`);
  }
  checkTarball(file, tar);
  return tar;
}
