// Each network's own checksum, so a mistyped address is refused before money leaves; shared by the form and the server.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** The version byte of a 21-byte base58check payload; null for any other text. */
function base58Version(text: string): number | null {
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 ? (payload[0] ?? null) : null;
  } catch {
    return null;
  }
}

export function isTronAddress(text: string): boolean {
  return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text) && base58Version(text) === 0x41;
}

/** EIP-55: the i-th hex letter is upper case exactly when the i-th nibble of keccak256(lower-case address) is ≥ 8. */
export function eip55(addressHex: string): string {
  const lower = addressHex.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const ch = lower.charAt(i);
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export function isEthereumAddress(text: string): boolean {
  const m = /^0x([0-9a-fA-F]{40})$/.exec(text);
  const hex = m?.[1];
  if (!hex) return false;
  const allSameCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  return allSameCase || eip55(hex) === hex;
}

function isSegwit(text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false; // BIP-173: never mixed case
  const lower = text.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
      const version = words[0];
      if (prefix !== 'bc' || version === undefined || version > 16) continue;
      const program = codec.fromWords(words.slice(1));
      // v0 uses bech32 with a 20- or 32-byte program; v1+ uses bech32m with 2–40 bytes (taproot: 32).
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version > 0 && codec === bech32m && program.length >= 2 && program.length <= 40) return true;
    } catch {
      // not this encoding
    }
  }
  return false;
}

export function isBitcoinAddress(text: string): boolean {
  if (/^[13][1-9A-HJ-NP-Za-km-z]{24,33}$/.test(text)) {
    const version = base58Version(text);
    return version === 0x00 || version === 0x05;
  }
  return isSegwit(text);
}

/** An unknown protocol accepts 8–128 letters and digits. */
export function isValidPayoutAddress(protocol: string, address: string): boolean {
  switch (protocol.toUpperCase()) {
    case 'TRC20':
      return isTronAddress(address);
    case 'ERC20':
    case 'BEP20':
      return isEthereumAddress(address);
    case 'BTC':
      return isBitcoinAddress(address);
    default:
      return /^[A-Za-z0-9]{8,128}$/.test(address);
  }
}
