// `npm run ops -- migrate-to-postgres`, checked on both sides (docs/operations.md "Moving to PostgreSQL").
import { countOf, type Db, type Queryable } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { ledgerViolations, moneyFingerprint, type LedgerViolation } from '../ledger/invariants.ts';
import { userTables } from './backup.ts';

interface TableCopy {
  table: string;
  rows: number;
}

interface MigrationReport {
  tables: TableCopy[];
  fingerprint: string;
}

const BATCH = 200;
const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Self-references aside. */
async function tablesInReferenceOrder(q: Queryable): Promise<string[]> {
  const tables = await userTables(q);
  const refs = await q.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const r of refs) if (r.child !== r.parent) parents.get(r.child)?.add(r.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('the tables reference each other in a circle: cannot order the copy');
    for (const t of ready) {
      placed.add(t);
      order.push(t);
    }
  }
  return order;
}

interface Column {
  name: string;
  generated: boolean;
}

async function columnsOf(q: Queryable, table: string): Promise<Column[]> {
  const rows = await q.query<{ name: string; generated: string; identity: string }>(
    `SELECT column_name AS name, is_generated AS generated, COALESCE(identity_generation, '') AS identity
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => ({ name: r.name, generated: r.generated === 'ALWAYS' }));
}

async function keyOf(q: Queryable, table: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [ident(table)],
  );
  return rows.map((r) => r.name);
}

/** The pg driver wants bytes as a Buffer. */
const wire = (v: unknown): unknown => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v);

async function copyTable(from: Queryable, to: Queryable, table: string): Promise<number> {
  const cols = (await columnsOf(from, table)).filter((c) => !c.generated);
  const key = await keyOf(from, table);
  const names = cols.map((c) => ident(c.name)).join(', ');
  const orderBy = (key.length > 0 ? key : cols.map((c) => c.name)).map(ident).join(', ');
  let copied = 0;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await from.query<Record<string, unknown>>(
      `SELECT ${names} FROM ${ident(table)} ORDER BY ${orderBy} LIMIT ${BATCH} OFFSET ${offset}`,
    );
    if (rows.length === 0) return copied;
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const marks = cols.map((c) => {
        params.push(wire(row[c.name]));
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await to.query(
      `INSERT INTO ${ident(table)} (${names}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
      params,
    );
    copied += rows.length;
  }
}

async function continueSequences(to: Queryable): Promise<void> {
  const owned = await to.query<{ seq: string; tbl: string; col: string }>(
    `SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = s.relnamespace
      WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const o of owned) {
    await to.query(
      `SELECT setval('${ident(o.seq)}', COALESCE((SELECT max(${ident(o.col)}) FROM ${ident(o.tbl)}), 1),
                     (SELECT max(${ident(o.col)}) FROM ${ident(o.tbl)}) IS NOT NULL)`,
    );
  }
}

const violationText = (side: string, v: LedgerViolation[]): string =>
  `${side} breaks the ledger's invariants (${v.length}): ${v
    .slice(0, 5)
    .map((x) => `${x.rule} user ${x.userId}: ${x.detail}`)
    .join('; ')}`;

async function counts(q: Queryable, tables: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const t of tables) out.set(t, await countOf(q, `SELECT count(*)::text AS n FROM ${ident(t)}`));
  return out;
}

/** Throws, naming the difference, on a mismatch. */
export async function migrateToPostgres(source: Db, target: Db, now: number): Promise<MigrationReport> {
  if ((await userTables(target)).length > 0) throw new Error('the PostgreSQL database is not empty: use a new one');
  await migrate(source, now);
  const before = await ledgerViolations(source);
  if (before.length > 0) throw new Error(violationText('the embedded database', before));
  await migrate(target, now);
  const order = (await tablesInReferenceOrder(source)).filter((t) => t !== 'schema_migrations');
  const tables: TableCopy[] = [];
  await target.tx(async (q) => {
    // The embedded database is the authority: rows the target's own migrations wrote give way to the source's.
    const seeded = await counts(q, order);
    for (const table of [...order].reverse())
      if ((seeded.get(table) ?? 0) > 0) await q.query(`DELETE FROM ${ident(table)}`);
    for (const table of order) tables.push({ table, rows: await copyTable(source, q, table) });
    await continueSequences(q);
  });
  const [fromCounts, toCounts] = [await counts(source, order), await counts(target, order)];
  const differ = order.filter((t) => fromCounts.get(t) !== toCounts.get(t));
  if (differ.length > 0) throw new Error(`row counts differ after the copy: ${differ.join(', ')}`);
  const [a, b] = [await moneyFingerprint(source), await moneyFingerprint(target)];
  if (a !== b) throw new Error(`the money tables differ after the copy: ${a} against ${b}`);
  const after = await ledgerViolations(target);
  if (after.length > 0) throw new Error(violationText('the PostgreSQL copy', after));
  return { tables, fingerprint: b };
}
