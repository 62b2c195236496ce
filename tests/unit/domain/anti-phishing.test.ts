// The anti-phishing phrase's rule: 4 to 32 letters, digits, spaces and a little punctuation in any script; empty
// clears it; markup, links and control characters are refused.
import { describe, expect, it } from 'vitest';
import { checkPhrase } from '../../../domain/anti-phishing.ts';

describe('checkPhrase', () => {
  it.each([
    ['blue harbour 42', 'blue harbour 42'],
    ['  藍色 海港  ', '藍色 海港'],
    ['ميناء أزرق', 'ميناء أزرق'],
    ["it's-fine_ok!", "it's-fine_ok!"],
  ])('keeps %j as %j', (raw, kept) => expect(checkPhrase(raw)).toEqual({ valid: true, phrase: kept }));

  it('clears on an empty phrase', () => expect(checkPhrase('   ')).toEqual({ valid: true, phrase: null }));

  it.each(['abc', 'x'.repeat(33), '<b>bold</b>', 'http://x.y/z', 'bell\u0007 here', 'a&b c d', '{{code}}'])(
    'refuses %j',
    (raw) => expect(checkPhrase(raw)).toEqual({ valid: false }),
  );
});
