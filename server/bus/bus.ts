// The bus between one deployment's processes: in process for role `all`, NATS otherwise; subjects follow NATS.

export interface Bus {
  /** Fire and forget, in order. */
  publish(subject: string, payload: unknown): void;
  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): () => void;
  /** Resolves once everything published so far has reached the broker and its subscriptions are registered. */
  flush(): Promise<void>;
  /** Delivers what is in flight, then disconnects. Idempotent. */
  close(): Promise<void>;
}

/** docs/scaling.md lists them with their payloads. */
export const SUBJECTS = {
  /** Tick, from the market leader. */
  tick: 'tw.tick',
  /** ServerMessage, with its per-user seq from the database. */
  user: (userId: number): string => `tw.user.${userId}`,
  userAll: 'tw.user.*',
  /** OrderChanged: everyone re-reads the row from PostgreSQL. */
  order: 'tw.order',
  /** AlertChanged: the market writer re-reads it into its index. */
  alert: 'tw.alert',
  /** Revocation: every gateway logs those sockets out. */
  revoke: 'tw.revoke',
  /** DeskFlags: gateways show and enforce the stale or halt flag. */
  deskFlags: 'tw.feed.flags',
  /** DeskStatus, every second: what the `feeds` command shows. */
  deskStatus: 'tw.feed.status',
  /** No payload: the writer reads the desk's configuration from PostgreSQL again. */
  deskControl: 'tw.feed.control',
} as const;

export interface AlertChanged {
  id: number;
}

export interface OrderChanged {
  id: number;
  /** It has already applied the change. */
  origin: string;
}

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
