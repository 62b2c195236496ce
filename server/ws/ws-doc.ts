// docs/protocol.md stays the full description; this is its summary for the API document.
import {
  KLINE_PREFIX,
  PING_INTERVAL_MS,
  TOPIC_DAY_MARKET,
  TOPIC_ORDER_CLOSED,
  TOPIC_ORDER_CHANGED,
  WS_MAX_CLIENT_FRAME,
  WS_PATH,
  type ClientMessage,
  type ServerMessage,
} from '../../domain/ws-protocol.ts';
import type { JsonSchema } from '../http/schemas.ts';
import { integer, listOf, shape, text } from '../http/wire-schema.ts';
import { KLINE_BAR, ORDER } from '../http/wire/trading.ts';

type C<T extends string> = Extract<ClientMessage, { type: T }>;
type S<T extends string> = Extract<ServerMessage, { type: T }>;
const kind = (type: string): JsonSchema => ({ const: type });

export const WS_CLIENT_MESSAGE: JsonSchema = {
  title: 'WsClientMessage',
  oneOf: [
    shape<C<'ping'>>('ping', { type: kind('ping') }),
    shape<C<'sub'>>('sub', { type: kind('sub'), topic: { type: 'string', maxLength: 64 } }),
    shape<C<'unsub'>>('unsub', { type: kind('unsub'), topic: { type: 'string', maxLength: 64 } }),
    shape<C<'login'>>('login', { type: kind('login'), token: { type: 'string', maxLength: 512 } }),
    shape<C<'logout'>>('logout', { type: kind('logout') }),
  ],
};

const QUOTE_TUPLE: JsonSchema = {
  title: 'QuoteTuple',
  description:
    '[Code, Close, Change %, Time (ms), MarketStatus 1 open / 0 closed, Feed?, Reason?]: Feed only on a flagged quote, ' +
    '"stale" (no healthy price source: orders refused) or "halted" (trading halted by the desk; Reason is what traders see)',
  type: 'array',
  prefixItems: [text, text, text, integer, { enum: [0, 1] }, { enum: ['stale', 'halted'] }, text],
  minItems: 5,
  maxItems: 7,
};

export const WS_SERVER_MESSAGE: JsonSchema = {
  title: 'WsServerMessage',
  oneOf: [
    shape<S<'pong'>>('pong', { type: kind('pong'), t: integer }),
    shape<S<'login'>>(
      'login ack',
      { type: kind('login'), ok: { type: 'boolean' }, msg: text, seq: integer, at: integer },
      ['seq', 'at'],
    ),
    shape<S<'revoked'>>('revoked', { type: kind('revoked'), msg: text, at: integer }, ['at']),
    shape<S<'logout'>>('logout ack', { type: kind('logout'), ok: { const: true } }),
    shape<S<'sub' | 'unsub'>>(
      'sub / unsub ack',
      { type: { enum: ['sub', 'unsub'] }, ok: { type: 'boolean' }, topic: text, msg: text },
      ['msg'],
    ),
    shape<S<'error'>>('error', { type: kind('error'), msg: text }),
    shape<S<'DAY_MARKET'>>(TOPIC_DAY_MARKET, { type: kind(TOPIC_DAY_MARKET), data: listOf(QUOTE_TUPLE) }),
    shape<S<'KLINE'>>('KLINE', {
      type: kind('KLINE'),
      topic: text,
      data: { ...KLINE_BAR, title: 'LiveBar', properties: { ...(KLINE_BAR.properties as object), Code: text } },
    }),
    shape<S<'FOREX_TRADE'>>(TOPIC_ORDER_CHANGED, { type: kind(TOPIC_ORDER_CHANGED), seq: integer, data: ORDER }),
    shape<S<'FOREX_CLOSED'>>(TOPIC_ORDER_CLOSED, { type: kind(TOPIC_ORDER_CLOSED), seq: integer, data: ORDER }),
  ],
};

export const WS_DESCRIPTION = `The live socket: quotes, the live candle and the logged-in user's order events
(docs/protocol.md has the whole protocol; the message schemas are \`WsClientMessage\` and \`WsServerMessage\` below).

- Upgrade a GET to \`${WS_PATH}\` (\`wss://\` behind TLS); optional \`?lang=\` picks the login failure text's language.
- One JSON object per UTF-8 text frame, at most ${WS_MAX_CLIENT_FRAME} bytes from the client.
- The client sends \`{"type":"ping"}\` every ${PING_INTERVAL_MS / 1000} s and gets \`pong\`; 60 s without a frame closes the socket.
- Topics: \`${TOPIC_DAY_MARKET}\` (every instrument's latest quote as a \`QuoteTuple\`, a snapshot after \`sub\`, then only
  what changed, every 50 ms), \`${KLINE_PREFIX}{code}\` (the live 1min bar), \`${TOPIC_ORDER_CHANGED}\` and \`${TOPIC_ORDER_CLOSED}\`
  (the user's own order events, after \`{"type":"login","token":…}\`, each with a per-user \`seq\`).
- Close codes: 1000 idle, 1001 shutting down, 1008 too many messages or logins, 1009 frame too large, 1013 slow consumer
  or too many sockets.`;
