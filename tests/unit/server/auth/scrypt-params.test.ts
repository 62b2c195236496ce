// SCRYPT_PARAMS (server/config.ts scryptEnv): unset, a new password hash costs OWASP_SCRYPT; set, the hash is made and
// stored with the given N, r and p; anything scrypt cannot run, or not three whole numbers, stops the start.
import { describe, expect, it } from 'vitest';
import { configFromEnv, scryptEnv } from '../../../../server/config.ts';
import { hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword } from '../../../../server/auth/password.ts';
import { makeLimits } from '../../../../server/security/limits.ts';

describe('SCRYPT_PARAMS', () => {
  it('keeps the OWASP cost when unset or empty', () => {
    for (const env of [{}, { SCRYPT_PARAMS: '' }])
      expect(makeLimits(configFromEnv(env).security).scrypt).toEqual(OWASP_SCRYPT);
  });

  it('hashes new passwords at the cost it names, stored with the hash', async () => {
    const scrypt = makeLimits(configFromEnv({ SCRYPT_PARAMS: '1024,8,1' }).security).scrypt;
    expect(scrypt).toEqual({ N: 1024, r: 8, p: 1 });
    const stored = await hashPassword('correct horse', scrypt);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(needsRehash(stored, scrypt)).toBe(false);
    expect(needsRehash(stored, OWASP_SCRYPT)).toBe(true); // raised again at the next sign-in once unset
  });

  it('refuses what is not three whole numbers scrypt can run', () => {
    for (const raw of [
      '1000,8,1',
      '512,8,1',
      '1024,8',
      '1024,8,0',
      '1024,0,1',
      '1024,8,1,1',
      'a,b,c',
      ' 1024,8,1',
      '1024,8,1.5',
      '1048576,8,1',
    ])
      expect(() => scryptEnv(raw), raw).toThrow(
        `SCRYPT_PARAMS must be "N,r,p" with N a power of two from 1024, r and p from 1, got "${raw}"`,
      );
  });
});
