// The templates (docs/notifications.md "Templates"): every kind renders in every language, for e-mail (subject, text
// part, HTML part) and SMS, with every placeholder filled, every value HTML-escaped in the HTML part, and the
// account's anti-phishing phrase in every message about an account; a closure's notice short, its times in UTC.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../domain/types.ts';
import type { Message, MessageKind } from '../../../../server/core/services.ts';
import { renderEmail, renderSms } from '../../../../server/notify/render.ts';

// Typed by MessageKind, so a kind without its values here does not compile.
const VALUES: Record<MessageKind, Message['values']> = {
  verification_code: { code: '482913', minutes: 10 },
  new_device_sign_in: { device: 'Firefox on Linux', address: '203.0.113.9', time: '2026-11-25T09:30:00.000Z' },
  password_changed: { time: '2026-11-25T09:30:00Z' },
  second_factor_on: { time: '2026-11-25T09:30:00Z', link: 'https://tickwise.example/#/not-me?t=abc' },
  second_factor_off: { time: '2026-11-25T09:30:00Z' },
  payout_method_added: { method: 'USDT TRC20 T9yD…', usable_from: '2026-11-26T09:30:00Z' },
  withdrawal_requested: { amount: '250.00', currency: 'USD', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  withdrawal_paid: { amount: '250.00', currency: 'USD' },
  withdrawal_rejected: { amount: '250.00', currency: 'USD', reason: 'address <b>"unknown"</b> & closed' },
  deposit_credited: { amount: '1000.00', currency: 'USD' },
  margin_call: { risk_rate: '85%', level: '1' },
  copy_opened: { provider: 'Aurora', code: 'EUR/USD', lots: '0.25' },
  copy_closed: { provider: 'Aurora', code: 'EUR/USD', lots: '0.25' },
  copy_skipped: { provider: 'Aurora', code: 'EUR/USD', lots: '0.004', reason_key: 'copy.skip.below_min_lot' },
  copy_stops: { provider: 'Aurora', code: 'EUR/USD', lots: '0.25' },
  copy_stop_loss: { equity: '600.00', percent: 40 },
  copy_fee: { fee: '39.97' },
  feedback_answered: {},
  closure_scheduled: {
    codes: 'XAUUSD, US30',
    start: '2026-12-25T00:00:00.000Z',
    end: '2026-12-26T00:00:00.000Z',
    reason: 'Christmas <Day> & "Boxing"',
  },
  closure_cancelled: {
    codes: 'GER40',
    start: '2026-12-24T13:00:00.000Z',
    end: '2026-12-28T07:00:00.000Z',
    reason: 'Exchange holiday',
  },
};

const MESSAGE_KINDS = Object.keys(VALUES) as MessageKind[];
const PHRASE = 'blue harbour 42';
const cases = MESSAGE_KINDS.flatMap((kind) => LANGUAGES.map((lang) => [kind, lang] as const));

describe('message templates', () => {
  it.each(cases)('%s renders in %s with nothing left unfilled', (kind, lang) => {
    const m: Message = { kind, channel: 'email', to: 'a@example.com', lang, values: VALUES[kind], userId: 7 };
    const mail = renderEmail(m, PHRASE);
    const sms = renderSms({ ...m, channel: 'sms' }, PHRASE);
    for (const part of [mail.subject, mail.text, mail.html, sms]) {
      expect(part).not.toContain('{{');
      expect(part).not.toContain('notices.'); // a missing key would show as its name
    }
    // The subject is the language's own (not the English one) unless the language is English.
    expect(mail.subject.length).toBeGreaterThan('Tickwise: '.length);
    // The phrase in both parts and the SMS; the HTML's lang and direction follow the language.
    expect(mail.text).toContain(PHRASE);
    expect(mail.html).toContain(PHRASE);
    expect(sms).toContain(PHRASE);
    expect(mail.html).toContain(`lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
    if (kind === 'verification_code') {
      expect(mail.text).toContain('482913');
      expect(sms).toContain('482913');
    }
  });

  it('every language has its own words for every kind (no English copies)', () => {
    const en = MESSAGE_KINDS.map((kind) =>
      renderEmail({ kind, channel: 'email', to: '', lang: 'en', values: VALUES[kind] }),
    );
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      MESSAGE_KINDS.forEach((kind, i) => {
        const mail = renderEmail({ kind, channel: 'email', to: '', lang, values: VALUES[kind] });
        expect(mail.text, `${kind} in ${lang}`).not.toBe(en[i]?.text);
      });
    }
  });

  it('escapes every value in the HTML part and keeps it whole in the text part', () => {
    const m: Message = {
      kind: 'withdrawal_rejected',
      channel: 'email',
      to: 'a@example.com',
      lang: 'en',
      values: VALUES.withdrawal_rejected,
    };
    const mail = renderEmail(m, '<script>x</script> & "hi"');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('address &lt;b&gt;&quot;unknown&quot;&lt;/b&gt; &amp; closed');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; &quot;hi&quot;');
    expect(mail.text).toContain('address <b>"unknown"</b> & closed');
  });

  it('shows times as UTC minutes, and leaves out the phrase line when the account has none', () => {
    const m: Message = {
      kind: 'password_changed',
      channel: 'email',
      to: 'a@example.com',
      lang: 'en',
      values: { time: '2026-11-25T09:30:00Z' },
    };
    const mail = renderEmail(m, null);
    expect(mail.text).toContain('2026-11-25 09:30 UTC');
    expect(mail.text).not.toContain('anti-phishing');
    expect(mail.html).not.toContain('data-phrase');
    expect(renderSms({ ...m, channel: 'sms' }, null)).toBe(`[Tickwise] ${mail.text.split('\n')[0]}`);
  });

  it.each(LANGUAGES)(
    'a closure notice in %s names the instruments, both times in UTC and the reason, in a short SMS',
    (lang) => {
      for (const kind of ['closure_scheduled', 'closure_cancelled'] as const) {
        const m: Message = { kind, channel: 'sms', to: '+85291234567', lang, values: VALUES[kind] };
        const sms = renderSms(m, null);
        for (const v of Object.values(VALUES[kind]).map(String))
          expect(sms).toContain(/^\d{4}-/.test(v) ? `${v.slice(0, 10)} ${v.slice(11, 16)} UTC` : v);
        // The words around the values stay short: an SMS carries them (docs/market-data.md "Scheduled closures").
        const empty = Object.fromEntries(Object.keys(VALUES[kind]).map((k) => [k, '']));
        expect(renderSms({ ...m, values: empty }, null).length, `${kind} in ${lang}`).toBeLessThanOrEqual(200);
      }
    },
  );
});
