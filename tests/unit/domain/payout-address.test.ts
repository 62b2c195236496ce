// Payout addresses with their real checksums: known-valid addresses pass, every one-character corruption fails.
import { describe, expect, it } from 'vitest';
import { eip55, isValidPayoutAddress } from '../../../domain/payout-address.ts';

const VALID: Array<[string, string]> = [
  ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // USDT's contract address on TRON
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // EIP-55 test vectors
  ['ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ['ERC20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
  ['ERC20', '0x52908400098527886e0f7030069857d2e4169ee7'], // all lower case: no checksum to check
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ['BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'], // all upper case is allowed (BIP-173)
  ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'], // taproot (bech32m)
];

function corruptions(address: string): string[] {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const out: string[] = [];
  for (let i = 3; i < address.length; i += 3) {
    const ch = address.charAt(i);
    const other = alphabet.charAt((alphabet.indexOf(ch) + 7) % alphabet.length);
    if (other !== ch) out.push(address.slice(0, i) + other + address.slice(i + 1));
  }
  return out;
}

describe('payout addresses', () => {
  it('accepts real addresses of each network', () => {
    for (const [protocol, address] of VALID) {
      expect(isValidPayoutAddress(protocol, address), address).toBe(true);
    }
  });

  it('refuses one-character corruptions (checksum) and addresses of another network', () => {
    for (const [protocol, address] of VALID.filter(([, a]) => !/^0x[0-9a-f]+$/.test(a) && a !== a.toUpperCase())) {
      for (const bad of corruptions(address))
        expect(isValidPayoutAddress(protocol, bad), `${protocol} ${bad}`).toBe(false);
    }
    expect(isValidPayoutAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidPayoutAddress('ERC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(false);
    expect(isValidPayoutAddress('BTC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(false);
    expect(isValidPayoutAddress('BTC', 'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false); // mixed case
    expect(isValidPayoutAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false); // 39 hex
    expect(isValidPayoutAddress('ERC20', '')).toBe(false);
  });

  it('computes EIP-55 as the standard does', () => {
    expect(eip55('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });

  it('takes any plain 8–128 character address on an unknown network', () => {
    expect(isValidPayoutAddress('XYZ', 'abcDEF123456')).toBe(true);
    expect(isValidPayoutAddress('XYZ', 'abc')).toBe(false);
    expect(isValidPayoutAddress('XYZ', 'abc def 123456')).toBe(false);
  });
});
