// @vitest-environment node
// The build plugin that leaves the server's own texts out of the client's locale chunks (scripts/server-texts-plugin.ts):
// what it drops and keeps, and that no client file names a dropped key (a new client use must be kept there first).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { globSync } from 'glob';
import { describe, expect, it } from 'vitest';
import { CLIENT_KEEPS, clientTexts, SERVER_SECTIONS } from '../../../scripts/server-texts-plugin.ts';

const ROOT = resolve(__dirname, '../../..');
type Tree = { [key: string]: string | Tree };
const en = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8')) as Tree;

describe("the server's texts out of the client's locales", () => {
  it('drops the server sections and keeps the named keys at their place', () => {
    const out = clientTexts({
      common: { ok: 'OK' },
      staff: { login_failed: 'x' },
      notices: { subject: { margin_call: 'y' }, screen: { title: 'Notices' }, code_not_sent: 'z' },
      server: { code_sent: 'a', second_factor_on: 'b' },
    });
    expect(out).toEqual({
      common: { ok: 'OK' },
      notices: { screen: { title: 'Notices' }, code_not_sent: 'z' },
      server: { second_factor_on: 'b' },
    });
  });

  it('names sections and keys that exist in en.json', () => {
    const at = (path: string): unknown =>
      path.split('.').reduce<unknown>((n, p) => (typeof n === 'object' && n ? (n as Tree)[p] : undefined), en);
    for (const path of [...SERVER_SECTIONS, ...CLIENT_KEEPS]) expect(at(path), path).toBeDefined();
  });

  it('no client file names a dropped key', () => {
    const files = globSync(['src/**/*.{ts,tsx}', 'workers/**/*.ts'], { cwd: ROOT });
    const key = new RegExp(`['"\`]((?:${SERVER_SECTIONS.join('|')})\\.[\\w.$]*)`, 'g');
    const named = files.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(key)].map((m) => ({ file: f, key: m[1] ?? '' })),
    );
    const kept = (k: string) => CLIENT_KEEPS.some((keep) => k === keep || k.startsWith(`${keep}.`));
    expect(named.filter((n) => !kept(n.key))).toEqual([]);
    expect(named.length).toBeGreaterThan(5); // the scan does find the client's own uses
  });
});
