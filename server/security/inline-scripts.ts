// Hashes of the page's one inline script for the CSP, so any other inline script, or this one altered, does not run.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

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

/** Read again whenever the file changes: a new build in the same DIST_DIR. */
export function pageScriptHashes(file: string): () => readonly string[] {
  let seen = -1;
  let hashes: readonly string[] = [];
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== seen) {
        hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
        seen = mtime;
      }
    } catch {
      hashes = []; // no built client: nothing inline to allow
    }
    return hashes;
  };
}
