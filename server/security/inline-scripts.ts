// The one inline script the app's page carries (index.html's first-screen paint, scripts/prerender-plugin.ts), allowed
// by its hash in the CSP's script-src: any other inline script, or this one altered, still does not run.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** 'sha256-…' of each classic inline <script> in `html` (not a src= one, not a JSON data block). */
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

/** The hashes of `file`'s inline scripts, read again whenever the file changes (a new build in the same DIST_DIR). */
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
