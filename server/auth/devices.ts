// Only the parsed name is kept, never the raw header (docs/security.md "Sessions and devices").
import Bowser from 'bowser';
import { countOf, type Queryable } from '../db/db.ts';

const MAX_DEVICE = 80;

/** bowser's fallback names an unknown browser by the header's first word, which would reach the owner's messages. */
const KNOWN_BROWSERS: ReadonlySet<string> = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(Object.values(Bowser.OS_MAP));
const known = (name: string | undefined, names: ReadonlySet<string>): string | undefined =>
  name !== undefined && names.has(name) ? name : undefined;
/** A system's own version name ("Sonoma") is allowed; anything longer or odder could be injected text. */
const versionOf = (v: string | undefined): string => (v !== undefined && /^[\w. ]{1,20}$/.test(v) ? v : '');

export function deviceName(userAgent: unknown): string {
  if (typeof userAgent !== 'string' || userAgent.trim() === '') return '';
  try {
    const p = Bowser.parse(userAgent.slice(0, 512));
    const browserName = known(p.browser.name, KNOWN_BROWSERS);
    const osName = known(p.os.name, KNOWN_SYSTEMS);
    const major = browserName ? (versionOf(p.browser.version).split('.')[0] ?? '') : '';
    const browser = [browserName, major].filter(Boolean).join(' ');
    const os = osName ? [osName, versionOf(p.os.versionName ?? p.os.version)].filter(Boolean).join(' ') : '';
    return [browser, os].filter(Boolean).join(' · ').slice(0, MAX_DEVICE);
  } catch {
    return '';
  }
}

/** The first device of an account is its registration, not news. */
export async function rememberDevice(q: Queryable, userId: number, device: string, now: number): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO user_devices (user_id, device, first_seen) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, device) DO NOTHING RETURNING device`,
    [userId, device, now],
  );
  if (inserted.length === 0) return false;
  return (await countOf(q, 'SELECT count(*)::text AS n FROM user_devices WHERE user_id = $1', [userId])) > 1;
}
