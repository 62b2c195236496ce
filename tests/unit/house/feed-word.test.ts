// "Feed" names one thing: the client's feed in workers/feed/ (docs/glossary.md). On the server the same word used to
// name the price desk, its sources, its status and its wiring; this check fails when it comes back in a server
// identifier, file name or comment. What may still say "feed" on the server is a name someone outside the code
// types, stores or queries, each in the list below with the reason it stays.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = join(ROOT, 'server');
/** Applied migrations are history: a stored database ran them as they are, so they are not edited. */
const MIGRATIONS = 'server/db/migrations/';

/** The word in any case an identifier or a sentence writes it (`feeDelta` is not it). */
const FEED = /feed|Feed|FEED/;

const KEPT: readonly { name: string; re: RegExp }[] = [
  // The operator's commands, as docs/back-office.md lists them and operators type them.
  { name: 'ops command names', re: /['`]feeds['`]|['`]feed-[a-z*-]+['`]|ops -- feeds\b|\bfeeds command\b/g },
  // Prometheus series (docs/operations.md "Metrics"): an installed rules file or dashboard that names a renamed
  // series finds nothing, and an alert on a series that is gone never fires.
  { name: 'metric series', re: /\btickwise_feed_[a-z_]+\b/g },
  // Deployment settings (the README's configuration table): a renamed one would be ignored where it is set.
  { name: 'settings', re: /\bFEED_(STALE_MS|SPIKE_PCT)\b/g },
  // Bus subjects between the writer and the gateways (docs/scaling.md): processes of two versions meet in a restart.
  { name: 'bus subjects', re: /\btw\.feed\.(flags|status|control)\b/g },
  // Stored tables (migration 150).
  { name: 'tables', re: /\bfeed_(mappings|rules|suspended|changes)\b/g },
  // The websocket's quote tuple field, as docs/protocol.md names it (the wire stays as it is).
  { name: 'wire field', re: /\bFeed\?|\bFeed only on a flagged quote\b/g },
];

const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .map((f) => relative(ROOT, join(SERVER, f)))
  .filter((f) => /\.(ts|sql|json)$/.test(f) && !f.startsWith(MIGRATIONS));

/** Each line of `text` that says "feed" once the kept names are taken out. */
function strays(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: KEPT.reduce((l, k) => l.replace(k.re, ''), line), n: i + 1 }))
    .filter(({ line }) => FEED.test(line))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

describe('"feed" on the server', () => {
  it('the check finds the word in identifiers and comments, and not inside another word', () => {
    expect(strays('const x = ctx.feeds?.status();')).toHaveLength(1);
    expect(strays('export interface FeedOptions {}')).toHaveLength(1);
    expect(strays('// the feed desk refuses stale prices')).toHaveLength(1);
    expect(strays('const feeDelta = amounts.fee;')).toEqual([]);
    expect(strays("name: 'feed-map', series: 'tickwise_feed_ticks_total', env.FEED_STALE_MS")).toEqual([]);
  });

  it('no server file is named after it', () => {
    expect(files.filter((f) => FEED.test(f))).toEqual([]);
  });

  it('every server file says it only in a kept name', () => {
    const found = files.flatMap((f) => strays(readFileSync(join(ROOT, f), 'utf8')).map((s) => `${f}:${s}`));
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
