// Hashes of the page's one inline script for the CSP, so any other inline script, or this one altered, does not run.
import { hash } from 'node:crypto';
import { readWhenChanged } from '../http/first-html.ts';

/** Not a src= one, not a JSON data block. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\ssrc=/.test(attrs) || /\stype=["']?application\/json/.test(attrs)) continue;
    out.push(`'sha256-${hash('sha256', m[2] ?? '', 'base64')}'`);
  }
  return out;
}

/** No built client: nothing inline to allow. */
export const pageScriptHashes = (file: string): (() => readonly string[]) =>
  readWhenChanged<readonly string[]>(file, inlineScriptHashes, []);
