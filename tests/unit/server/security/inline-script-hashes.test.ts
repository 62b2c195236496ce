// The CSP allows index.html's one inline script by its hash (server/security/inline-scripts.ts): the hash of exactly
// its text, and nothing for a src= script or a JSON data block.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { inlineScriptHashes, pageScriptHashes } from '../../../../server/security/inline-scripts.ts';

const sha = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

it('hashes each classic inline script and skips src= scripts and JSON blocks', () => {
  const html = `<script type="module" src="./a.js"></script><script type="application/json" id="d">{"a":1}</script><script>paint()</script>`;
  expect(inlineScriptHashes(html)).toEqual([sha('paint()')]);
  expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
});

it('reads the page again when a new build replaces it, and allows nothing without one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-csp-'));
  const file = join(dir, 'index.html');
  const hashes = pageScriptHashes(file);
  expect(hashes()).toEqual([]);
  writeFileSync(file, '<script>one()</script>');
  expect(hashes()).toEqual([sha('one()')]);
  writeFileSync(file, '<script>two()</script>');
  utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1)); // a different mtime, whatever the file system's resolution
  expect(hashes()).toEqual([sha('two()')]);
});
