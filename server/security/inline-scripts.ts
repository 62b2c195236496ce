// Hashes of the page's one inline script for the CSP, so any other inline script, or this one altered, does not run.
import { createHash } from 'node:crypto';
import { readWhenChanged } from '../http/first-html.ts';

/** Not a src= one, not a JSON data block. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\ssrc=/.test(attrs) || /\stype=["']?application\/json/.test(attrs)) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return out;
}

/** No built client: nothing inline to allow. */
export const pageScriptHashes = (file: string): (() => readonly string[]) =>
  readWhenChanged<readonly string[]>(file, inlineScriptHashes, []);
