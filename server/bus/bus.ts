// The message bus between the processes of one deployment: the market writer publishes quotes and per-user order
// events, gateways publish order changes and session revocations. Two implementations of this one interface: in
// process (role `all`, server/bus/local-bus.ts) and NATS (roles market/gateway, server/bus/nats-bus.ts).
// Subjects follow NATS: dot-separated tokens; a subscription may end in `*` (one token) or `>` (the rest).
import type { Tick } from '../market/market-view.ts';
import type { Revocation } from '../security/revocations.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';

export interface Bus {
  /** Sends a JSON-encodable payload to every current subscriber of `subject` (fire and forget, in order). */
  publish(subject: string, payload: unknown): void;
  /** Calls `handler` for every message on a matching subject. Returns the unsubscribe function. */
  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): () => void;
  /** Resolves once everything published so far has reached the broker (and its subscriptions are registered). */
  flush(): Promise<void>;
  /** Delivers what is in flight, then disconnects. Idempotent. */
  close(): Promise<void>;
}

/** The subjects and what each carries (docs/scaling.md lists them with their payloads). */
export const SUBJECTS = {
  /** A price change: TickMessage. Published by the market leader, one message per tick. */
  tick: 'tw.tick',
  /** A user's order push with its per-user seq from the database: ServerMessage. */
  user: (userId: number): string => `tw.user.${userId}`,
  userAll: 'tw.user.*',
  /** An order row committed by some process: OrderChanged. Everyone re-reads it from PostgreSQL. */
  order: 'tw.order',
  /** A price alert added or deleted on some gateway: AlertChanged. The market writer re-reads it into its index. */
  alert: 'tw.alert',
  /** A session revocation (logout, password change): Revocation. Every gateway logs those sockets out. */
  revoke: 'tw.revoke',
  /** An instrument's stale or halt flag changed on the market writer: DeskFlags. Gateways show and enforce it. */
  deskFlags: 'tw.feed.flags',
  /** The market writer's price desk status (sources, instruments, events), every second: DeskStatus (what the
   * `feeds` command shows). */
  deskStatus: 'tw.feed.status',
  /** The operator changed the desk's configuration (stored in PostgreSQL): the writer reads it again. No payload. */
  deskControl: 'tw.feed.control',
} as const;

export type TickMessage = Tick;

export interface AlertChanged {
  id: number;
}

export interface OrderChanged {
  id: number;
  /** The process that committed it (it has already applied the change). */
  origin: string;
}

export type UserMessage = ServerMessage;
export type RevokeMessage = Revocation;

/** Does the NATS-style `pattern` match `subject`? */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
