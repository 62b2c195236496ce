// The contract's wire words (`cont`, `multiple`/`Multiple`, `forex_id`, `ForexId`, `ForexTradeLists`, `FOREX_TRADE`,
// `CautionMoney`, `/mining`) only at the edge that translates them (docs/glossary.md); each exception is listed with
// its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => relative(ROOT, join(ROOT, dir, f)))
    .filter((f) => /\.(ts|tsx|sql|json)$/.test(f));

/** The contract's words for lots, leverage, an order's instrument, its push, margin and the funds screens. */
const WIRE = /\bcont\b|\b[mM]ultiple\b|forex_id|\bForexId\b|ForexTradeLists|FOREX_TRADE|CautionMoney|\/mining/;

/** The edge: where the contract is written as it is and translated (docs/architecture.md, the wire contract). */
const EDGE: Record<string, string> = {
  'server/routes/': "the routes: each schema names the contract's parameters and maps them to the services",
  'server/http/': 'the wire shapes (server/http/wire/, submit-query.ts the submit) and the field names of errors',
  'server/ws/': "the socket gateway: the contract's topics and message types, and their documentation",
  'server/engine/order-wire.ts': 'the Order serializer and the owner’s push (FOREX_TRADE / FOREX_CLOSED)',
  'domain/types.ts': "the contract's JSON shapes (Order, Instrument)",
  'domain/ws-protocol.ts': "the socket's messages and topics",
  'domain/retail.ts': 'the retail routes’ JSON shapes beside their glossary types',
  'domain/price-alerts.ts': 'the alert routes’ JSON shapes',
  'domain/content-types.ts': 'the content routes’ JSON shapes',
  'workers/feed/server-messages.ts': "the worker's wire parser: pushes become OrderEvent",
  'workers/feed/parse.ts': "the worker's check of a socket message's shape",
  'workers/feed/rest.ts': "the worker's REST queries",
  'src/api/': "the app's request and response types and their translation",
  'src/components/nav/fund-paths.ts': "the funds screens' URLs, the contract's /mining",
};

/** Names that are stored: a renamed one would not match what a database or a phone already holds. */
const STORED: Record<string, string> = {
  'server/db/migrations/': 'applied migrations are history; the orders and seeded_traders tables keep `multiple`',
  'server/db/seeds/traders.json': 'holds the seeded_traders column `multiple`',
  'server/engine/orders-repository.ts': 'reads and writes the orders column `multiple`',
  'server/content/ranking.ts': 'its SQL groups by the orders column `multiple`',
  'server/copy/statistics.ts': 'its SQL reads the orders column `multiple`',
  'src/state/orders/one-click.ts': 'the one-click size in localStorage keeps `multiple`, so a saved size still reads',
};

const excepted = (f: string): boolean =>
  [EDGE, STORED].some((list) => Object.keys(list).some((p) => (p.endsWith('/') ? f.startsWith(p) : f === p)));

/** Each line of `text` that writes a wire word. */
const wireLines = (text: string): string[] =>
  text.split('\n').flatMap((line, i) => (WIRE.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

describe("the contract's wire words stay at the edge (docs/glossary.md)", () => {
  const files = ['src', 'server', 'domain', 'workers'].flatMap(filesUnder);

  it('the check finds each word as a name, a key or a path, and not inside another word', () => {
    expect(
      wireLines(
        'const { cont } = q;\nx.multiple = 2;\n{ forex_id: 1 }\n"FOREX_TRADE"\nCautionMoney\n"/mining"\no.Multiple\n' +
          'o.ForexId\no.ForexTradeLists.Code',
      ),
    ).toHaveLength(9);
    expect(
      wireLines('for (const c of multiples) continue;\nconst contract = FOREX_CLOSED;\ni.HasForexMultiple'),
    ).toEqual([]);
  });

  it('no file outside the edge and the stored names writes one', () => {
    const found = files
      .filter((f) => !excepted(f))
      .flatMap((f) => wireLines(readFileSync(join(ROOT, f), 'utf8')).map((l) => `${f}:${l}`));
    expect(files.length).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });

  it('every listed path exists', () => {
    for (const p of [...Object.keys(EDGE), ...Object.keys(STORED)]) {
      expect(
        files.some((f) => (p.endsWith('/') ? f.startsWith(p) : f === p)),
        p,
      ).toBe(true);
    }
  });
});
