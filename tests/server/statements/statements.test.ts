// The CSV statements on the real server and database (PGlite: nothing here differs by database): the record
// statement and the order history line by line against hand-worked rows (exact decimals, UTC day bounds, formula
// cells neutralised, quotes doubled), the BOM, headers in the caller's language, ranges refused with a translated
// message, and another user's data refused.
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/auth/tokens.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { fundedUser, marketBuy, useEngineBed } from '../support/engine-helpers.ts';

const bed = useEngineBed();
import de from '../../../locales/de.json';
import ar from '../../../locales/ar.json';

const EUR = 9001;
const at = (text: string): number => Date.parse(`${text}Z`);
const order = marketBuy;

interface Download {
  status: number;
  type: string;
  disposition: string;
  bytes: Uint8Array;
  text: string; // without the BOM
  json: { code: number; msg: string } | null;
}

async function download(
  path: string,
  token: string | null,
  params: Record<string, string>,
  lang?: string,
): Promise<Download> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (lang) headers.lang = lang;
  const res = await fetch(`${bed.server.baseUrl}${path}?${new URLSearchParams(params)}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return {
    status: res.status,
    type,
    disposition: res.headers.get('content-disposition') ?? '',
    bytes,
    text: raw.replace(/^\uFEFF/, ''),
    json: type.startsWith('application/json') ? (JSON.parse(raw) as { code: number; msg: string }) : null,
  };
}
const RECORDS = '/v1/api/main/accountLog/export';
const ORDERS = '/v1/api/forex/history_export';

async function userWithToken(amount: string, when: number): Promise<{ id: number; token: string; uid: string }> {
  const id = await fundedUser(bed.ctx.db, amount, when);
  const token = await issueToken(bed.ctx.db, id, bed.ctx.clock.now());
  const [row] = await bed.ctx.db.query<{ uid: string }>('SELECT uid FROM users WHERE id = $1', [id]);
  return { id, token, uid: row!.uid };
}

describe('record statement', () => {
  it('is the records of the UTC days asked, oldest first, exact, with a BOM and neutralised formula text', async () => {
    const u = await userWithToken('10000', at('2026-01-05T09:30:00'));
    const other = await userWithToken('500', at('2026-01-05T10:00:00')); // same day, another user
    await move(bed.ctx.db, u.id, {
      balance: '-12.5',
      type: RecordType.MEMO,
      memo: '=cmd|"calc", 1',
      at: at('2026-01-05T23:59:59'),
    });
    await move(bed.ctx.db, u.id, {
      balance: '0.00000001',
      type: RecordType.MEMO,
      memo: 'before',
      at: at('2026-01-04T23:59:59'),
    });
    await move(bed.ctx.db, u.id, { balance: '1', type: RecordType.MEMO, memo: 'after', at: at('2026-01-06T00:00:00') });
    const ids = (
      await bed.ctx.db.query<{ id: string }>('SELECT id FROM financial_records WHERE user_id = $1 ORDER BY id', [u.id])
    ).map((r) => r.id);

    const d = await download(RECORDS, u.token, { from: '2026-01-05', to: '2026-01-05' }, 'en');
    expect(d.status).toBe(200);
    expect(d.type).toBe('text/csv; charset=utf-8');
    expect(d.disposition).toBe('attachment; filename="tickwise-records-2026-01-05_2026-01-05.csv"');
    expect([...d.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    // Worked by hand: 10000 in, then 12.5 out (balance 9987.5); the memo starting with '=' gets an apostrophe, its
    // quotes doubled and the cell quoted for its comma. The records of the 4th and the 6th are outside the range.
    expect(d.text).toBe(
      'No.,Time (UTC),Description,Amount (USD),Available balance after (USD)\r\n' +
        `${ids[0]},2026-01-05 09:30:00,test funds,10000.00,10000.00\r\n` +
        `${ids[1]},2026-01-05 23:59:59,"'=cmd|""calc"", 1",-12.50,9987.50\r\n`,
    );
    // Eight decimals stay eight (never a float): the record of the 4th, asked for.
    const four = await download(RECORDS, u.token, { from: '2026-01-04', to: '2026-01-04' }, 'en');
    expect(four.text.split('\r\n')[1]).toBe(`${ids[2]},2026-01-04 23:59:59,before,0.00000001,9987.50000001`);
    // The other user's statement of the same day has only their own record.
    const theirs = await download(RECORDS, other.token, { from: '2026-01-05', to: '2026-01-05' }, 'en');
    expect(theirs.text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(theirs.text).toContain(',test funds,500.00,500.00');
  });

  it("writes the headers and descriptions in the caller's language (hk without a lang header)", async () => {
    const u = await userWithToken('1', at('2026-02-01T00:00:00'));
    const header = async (lang?: string) =>
      (await download(RECORDS, u.token, { from: '2026-02-01', to: '2026-02-01' }, lang)).text.split('\r\n')[0];
    const s = de.statement;
    expect(await header('de')).toBe([s.col_id, s.col_time, s.col_description, s.col_amount, s.col_balance].join(','));
    expect(await header('de')).toBe('Nr.,Zeit (UTC),Beschreibung,Betrag (USD),Verfügbarer Saldo danach (USD)');
    expect(await header('ar')).toBe(
      [
        ar.statement.col_id,
        ar.statement.col_time,
        ar.statement.col_description,
        ar.statement.col_amount,
        ar.statement.col_balance,
      ].join(','),
    );
    expect(await header()).toMatch(/^編號,時間 \(UTC\),/);
  });
});

describe('order history statement', () => {
  it('lists closed and cancelled orders completed in the range, worked by hand to the last decimal', async () => {
    const u = await userWithToken('10000', bed.ctx.clock.now());
    bed.market.setPrice('TSTEUR', '1.10003');
    await bed.engine.idle();
    // Worked by hand: 0.07 lots TST/EUR (100 000 units) bought at 1.10003, leverage 100, fee rate 0.001 of margin:
    //   margin = 0.07 × 100000 × 1.10003 / 100 = 77.0021     fee = 0.0770021 → 0.077002
    //   closed at 1.10103: P&L = (1.10103 − 1.10003) × 0.07 × 100000 = 7
    const closed = await bed.engine.submit(u.id, EUR, order({ cont: '0.07' }), null);
    // A pending buy at 1.09000 for 0.01 lots, cancelled: margin 0.01 × 100000 × 1.09 / 100 = 10.9, fee 0.0109.
    const pending = await bed.engine.submit(
      u.id,
      EUR,
      order({ cont: '0.01', status: 0, target_price: '1.09000' }),
      null,
    );
    const open = await bed.engine.submit(u.id, EUR, order({ cont: '0.02' }), null); // still holding: not history
    bed.market.setPrice('TSTEUR', '1.10103');
    await bed.engine.idle();
    await bed.engine.close(u.id, closed.Id);
    await bed.engine.cancel(u.id, pending.Id);
    // The test fixes the times so the expected lines are exact (the engine stamps its clock's time).
    // …and a swap accrued while it was held (docs/trading.md "Swaps"), shown in its own column.
    await bed.ctx.db.query('UPDATE orders SET created_at = $2, completed_at = $3, swap = -1.25 WHERE id = $1', [
      closed.Id,
      at('2026-03-02T08:00:00'),
      at('2026-03-02T08:05:00'),
    ]);
    await bed.ctx.db.query('UPDATE orders SET created_at = $2, completed_at = $3 WHERE id = $1', [
      pending.Id,
      at('2026-03-01T12:00:00'),
      at('2026-03-03T00:00:00'),
    ]);

    const d = await download(ORDERS, u.token, { from: '2026-03-02', to: '2026-03-03' }, 'en');
    expect(d.status).toBe(200);
    expect([...d.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(d.disposition).toContain('tickwise-orders-2026-03-02_2026-03-03.csv');
    expect(d.text).toBe(
      'Order no.,Instrument,Direction,Lots,Open price,Close price,Margin (USD),Handling fee (USD),Realised P&L (USD),Swap (USD),Opened (UTC),Closed (UTC),Closed by\r\n' +
        `${closed.Id},TST/EUR,Buy,0.07,1.10003,1.10103,77.002100,0.077002,7.000000,-1.250000,2026-03-02 08:00:00,2026-03-02 08:05:00,You\r\n` +
        `${pending.Id},TST/EUR,Buy,0.01,1.09000,,10.900000,0.010900,0.000000,0.000000,2026-03-01 12:00:00,2026-03-03 00:00:00,Cancelled\r\n`,
    );
    expect(d.text).not.toContain(`\r\n${open.Id},`);
    // Completed on the 2nd only: the cancelled order (the 3rd) is outside; in German.
    const de2 = await download(ORDERS, u.token, { from: '2026-03-02', to: '2026-03-02' }, 'de');
    expect(de2.text.split('\r\n').slice(1)).toEqual([
      `${closed.Id},TST/EUR,${de.trade.buy_up},0.07,1.10003,1.10103,77.002100,0.077002,7.000000,-1.250000,2026-03-02 08:00:00,2026-03-02 08:05:00,${de.orders.reason_user}`,
      '',
    ]);
    await bed.engine.close(u.id, open.Id);
  });
});

describe('statement refusals', () => {
  it("refuses another user's statement, and a request without a session", async () => {
    const alice = await userWithToken('10', at('2026-04-01T00:00:00'));
    const bob = await userWithToken('20', at('2026-04-01T00:00:00'));
    for (const path of [RECORDS, ORDERS]) {
      const refused = await download(path, bob.token, { from: '2026-04-01', to: '2026-04-01', uid: alice.uid }, 'en');
      expect(refused.json).toEqual({
        code: 0,
        msg: 'This statement belongs to another account. Sign in again and retry.',
        data: null,
      });
      expect(refused.text).not.toContain('10.00');
      const own = await download(path, bob.token, { from: '2026-04-01', to: '2026-04-01', uid: bob.uid }, 'en');
      expect(own.status).toBe(200);
      expect(own.json).toBeNull();
      const gone = await download(path, null, { from: '2026-04-01', to: '2026-04-01' }, 'en');
      expect(gone.json?.code).toBe(999);
    }
  });

  it('refuses bad ranges with a translated message and sends no file', async () => {
    const u = await userWithToken('1', at('2026-05-01T00:00:00'));
    const msg = async (params: Record<string, string>, lang = 'en') => {
      const d = await download(RECORDS, u.token, params, lang);
      expect(d.json?.code, JSON.stringify(params)).toBe(0);
      expect(d.type).not.toContain('text/csv');
      return d.json?.msg;
    };
    expect(await msg({ from: '2026-05-02', to: '2026-05-01' })).toBe('The start day must not be after the end day.');
    expect(await msg({ from: '2026-02-30', to: '2026-03-01' })).toBe(
      'That day does not exist. Pick a day from the calendar.',
    );
    expect(await msg({ from: '2025-01-01', to: '2026-01-02' })).toBe('Choose at most 366 days.');
    expect(await msg({ from: '2025-01-01', to: '2026-01-02' }, 'de')).toBe('Wählen Sie höchstens 366 Tage.');
    expect(await msg({ from: '2026-5-1', to: '2026-05-01' })).toBe('Please check From: the value is not valid');
    expect(await msg({ to: '2026-05-01' })).toBe('Please fill in From');
    expect(await msg({ from: '2026-05-02', to: '2026-05-01' }, 'ar')).toBe(ar.statement.errors.range_order);
    // 366 days (a leap year's whole year) is accepted.
    expect((await download(RECORDS, u.token, { from: '2024-01-01', to: '2024-12-31' }, 'en')).status).toBe(200);
  });

  it('writes whole lots at the lot step, as the app does ("1.00", never "1" beside "0.07")', async () => {
    const u = await userWithToken('10000', bed.ctx.clock.now());
    const whole = await bed.engine.submit(u.id, EUR, order({ cont: '1' }), null);
    await bed.engine.close(u.id, whole.Id);
    await bed.ctx.db.query('UPDATE orders SET completed_at = $2 WHERE id = $1', [whole.Id, at('2026-04-02T08:05:00')]);
    const d = await download(ORDERS, u.token, { from: '2026-04-02', to: '2026-04-02' }, 'en');
    expect(d.text.split('\r\n')[1]).toMatch(new RegExp(`^${whole.Id},TST/EUR,Buy,1\\.00,`));
  });
});
