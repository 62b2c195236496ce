// One mailbox, one phone (docs/security.md "Addresses"), against the real daily figures on both databases: an e-mail
// address with a control character is refused (a mailer drops it on delivery: `f\x01lood@…` was a new address to
// every limit and the same mailbox), the address is normalised (NFC, trim, lower case) before every limit and the
// one-account rule, and a phone number is counted as E.164 without its trunk zero.
import { describe, expect, it } from 'vitest';
import { e164, normaliseMobile } from '../../../server/accounts/identity.ts';
import { manualClock, outboxCode, useTestServer } from '../support/harness.ts';

const clock = manualClock();
const http = useTestServer({ clock, market: { manual: true }, security: { factor: 1 }, trustProxy: true });
let ip = 0;
/** A caller from an address of its own, so the per-address budgets are not what refuses. */
const caller = () => {
  const from = `198.51.100.${++ip}`;
  return {
    async post<T = unknown>(path: string, body: unknown): Promise<{ code: number; msg: string; data: T }> {
      const res = await fetch(`${http.server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en', 'x-forwarded-for': from },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; msg: string; data: T };
    },
  };
};
const later = () => clock.advance(61_000); // past the 60 s resend wait

describe('e-mail addresses', () => {
  it('refuses control characters', async () => {
    for (const c of ['\u0001', '\u0002', '\u001f', '\u007f']) {
      const r = await caller().post('/api/notify/send_email', { to: `f${c}lood@example.com`, type: 1 });
      expect([r.code, r.msg], JSON.stringify(c)).toEqual([0, 'Please enter a valid email address']);
    }
  });

  it('counts every spelling of one mailbox as one: the daily cap of 10 holds across case, spaces and NFC', async () => {
    const spellings = ['josé@example.com', ' JOSE\u0301@Example.COM ', 'jose\u0301@example.com', 'José@EXAMPLE.com'];
    let sentCount = 0;
    for (let i = 0; i < 10; i++) {
      const r = await caller().post('/api/notify/send_email', { to: spellings[i % spellings.length], type: 2 });
      expect(r.code, r.msg).toBe(1);
      sentCount++;
      later();
    }
    const eleventh = await caller().post('/api/notify/send_email', { to: spellings[1], type: 2 });
    expect([sentCount, eleventh.msg]).toEqual([10, 'Daily limit reached, please try again tomorrow']);
  });

  it('holds one account per mailbox: the decomposed spelling of a registered address is taken', async () => {
    const client = caller();
    const composed = `andré${ip}@example.com`;
    const sent = await client.post<{ key: string }>('/api/notify/send_email', { to: composed, type: 1 });
    const reg = await client.post('/api/user/register', {
      type: 'email',
      account: composed,
      password: 'secret-pass-1',
      re_password: 'secret-pass-1',
      sms_code: await outboxCode(http.server.ctx, composed),
      key: sent.data.key,
    });
    expect(reg.code, reg.msg).toBe(1);
    later();
    const decomposed = composed.normalize('NFD').toUpperCase();
    expect(decomposed).not.toBe(composed);
    const again = await caller().post('/api/notify/send_email', { to: decomposed, type: 1 });
    expect(again.msg).toBe('This account is already registered, please log in');
  });
});

describe('phone numbers', () => {
  it('are E.164 without the trunk zero', () => {
    expect(normaliseMobile('0912 3456')).toBe('9123456');
    expect(e164('+852', normaliseMobile('(0)9123-4567'))).toBe('+85291234567');
    expect(() => e164('+852', '1234567890123456')).toThrow();
  });

  it('count a number with and without its trunk zero as one phone, for the daily cap and the one account', async () => {
    const area = (await http.server.ctx.db.query<{ id: number }>("SELECT id FROM area_codes WHERE code = 'HK'"))[0];
    const national = `9${String(100_0000 + ip).slice(-7)}`;
    for (let i = 0; i < 10; i++) {
      const to = i % 2 ? `0${national}` : `00 ${national}`;
      const r = await caller().post('/api/notify/send_sms', { to, area_id: area?.id, type: 2 });
      expect(r.code, r.msg).toBe(1);
      later();
    }
    const eleventh = await caller().post('/api/notify/send_sms', { to: national, area_id: area?.id, type: 2 });
    expect(eleventh.msg).toBe('Daily limit reached, please try again tomorrow');
  });
});
