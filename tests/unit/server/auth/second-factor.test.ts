import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  hashRecoveryCode,
  matchRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from '../../../../server/auth/second-factor.ts';

// RFC 6238 Appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published 8-digit values, whose
// last six digits are the 6-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const T0 = 59_000;

describe('second factor (TOTP, RFC 6238)', () => {
  it('computes the RFC 6238 test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts the code of the step before and after, not two away', () => {
    const now = 1_700_000_000_000;
    const at = (steps: number) => totpCode(RFC_SECRET, now + steps * 30_000);
    expect(checkTotp(RFC_SECRET, at(0), now, null)).toEqual({ ok: true, step: totpStep(now) });
    expect(checkTotp(RFC_SECRET, at(-1), now, null)).toEqual({ ok: true, step: totpStep(now) - 1 });
    expect(checkTotp(RFC_SECRET, at(1), now, null)).toEqual({ ok: true, step: totpStep(now) + 1 });
    expect(checkTotp(RFC_SECRET, at(-2), now, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(RFC_SECRET, at(2), now, null)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('never accepts a step twice, nor one older than the last accepted', () => {
    const code = totpCode(RFC_SECRET, T0);
    const first = checkTotp(RFC_SECRET, code, T0, null);
    expect(first.ok).toBe(true);
    const step = first.ok ? first.step : -1;
    expect(checkTotp(RFC_SECRET, code, T0 + 5_000, step)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, T0 - 30_000), T0, step)).toEqual({
      ok: false,
      reason: 'replayed',
    });
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, T0 + 30_000), T0 + 30_000, step).ok).toBe(true);
  });

  it('refuses what is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 287082']) {
      expect(checkTotp(RFC_SECRET, code, T0, null)).toEqual({ ok: false, reason: 'wrong' });
    }
  });

  it('makes a fresh 160-bit secret and an otpauth URI for the QR code', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const uri = totpUri(a, 'a@b.c');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Tickwise:a%40b\.c\?/);
    expect(uri).toContain(`secret=${a}`);
    expect(uri).toContain('period=30');
  });

  it('recovery codes: ten distinct, matched by hash whatever the dashes and case', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const hashes = codes.map(hashRecoveryCode);
    expect(hashes.join()).not.toContain(codes[0]);
    expect(matchRecoveryCode(codes[3] ?? '', hashes)).toBe(3);
    expect(matchRecoveryCode((codes[3] ?? '').toUpperCase().replace(/-/g, ' '), hashes)).toBe(3);
    expect(matchRecoveryCode('aaaa-bbbb-cccc', hashes)).toBe(-1);
  });
});
