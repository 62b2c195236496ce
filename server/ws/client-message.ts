// Pure: the hub answers `{type:'error', msg}` for anything this rejects (docs/protocol.md).
import { CODE_MAX_CHARS, CODES_MAX, type ClientMessage } from '../../domain/ws-protocol.ts';

export type ParsedMessage = { ok: true; message: ClientMessage } | { ok: false; error: string };

const MAX_TOPIC = 64;
const MAX_TOKEN = 512;

const fail = (error: string): ParsedMessage => ({ ok: false, error });

export function parseClientMessage(text: string): ParsedMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('invalid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('a message must be a JSON object');
  const m = value as Record<string, unknown>;
  const type = m.type;
  if (typeof type !== 'string' || type === '') return fail('missing message type');
  switch (type) {
    case 'ping':
    case 'logout':
      return { ok: true, message: { type } };
    case 'sub':
    case 'unsub': {
      const topic = m.topic;
      if (typeof topic !== 'string' || topic === '') return fail(`${type} needs a topic`);
      if (topic.length > MAX_TOPIC) return fail('topic too long');
      return { ok: true, message: { type, topic } };
    }
    case 'login': {
      const token = m.token;
      if (typeof token !== 'string') return fail('login needs a token');
      if (token.length > MAX_TOKEN) return fail('token too long');
      return { ok: true, message: { type: 'login', token } };
    }
    case 'rate': {
      const ms = m.ms;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return fail('rate needs ms, a number ≥ 0');
      return { ok: true, message: { type: 'rate', ms } };
    }
    case 'codes': {
      const codes = m.codes;
      if (codes === null) return { ok: true, message: { type: 'codes', codes: null } };
      if (
        !Array.isArray(codes) ||
        !codes.every((c): c is string => typeof c === 'string' && c !== '' && c.length <= CODE_MAX_CHARS)
      ) {
        return fail('codes needs null or a list of instrument codes');
      }
      if (codes.length > CODES_MAX) return fail(`too many codes (max ${CODES_MAX})`);
      return { ok: true, message: { type: 'codes', codes } };
    }
    default:
      return fail(`unknown message type: ${type.slice(0, 32)}`);
  }
}
