import {
  KLINE_PREFIX,
  TOPIC_DAY_MARKET,
  TOPIC_ORDER_CLOSED,
  TOPIC_ORDER_CHANGED,
  TOPIC_ACCOUNT,
  TOPIC_PRICE_ALERT,
  TOPIC_MARGIN_CALL,
  type ServerMessage,
} from '../../domain/ws-protocol.ts';
import { tokenHash } from '../auth/tokens.ts';
import { CLOSE_POLICY, type Connections, type HubClient } from './connection.ts';
import type { DayMarketStream } from './day-market-stream.ts';
import type { HubMarket } from './hub-market.ts';
import type { KlineStream } from './kline-stream.ts';

export interface SessionAuth {
  authenticate(token: string): Promise<number | null>;
  /** Lets a refused token login say it was ended from another device. */
  endedElsewhere?: ((token: string) => Promise<number | null>) | undefined;
  /** Sent with the login ack so the app knows where its events start. */
  eventSeq?: ((userId: number) => Promise<number>) | undefined;
  translate(lang: string, key: string): string;
  onError?(err: unknown): void;
}

export interface SessionDeps extends SessionAuth {
  market: HubMarket;
  connections: Connections;
  day: DayMarketStream;
  kline: KlineStream;
  maxTopics: number;
  allowLogin(c: HubClient): boolean;
}

type TopicKind = 'day' | 'user' | 'kline';
const USER_TOPICS: ReadonlySet<string> = new Set([
  TOPIC_ORDER_CHANGED,
  TOPIC_ORDER_CLOSED,
  TOPIC_PRICE_ALERT,
  TOPIC_ACCOUNT,
  TOPIC_MARGIN_CALL,
]);

export class Subscriptions {
  private readonly byUser = new Map<number, Set<HubClient>>();
  private readonly deps: SessionDeps;

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  private topicKind(topic: string): TopicKind | null {
    if (topic === TOPIC_DAY_MARKET) return 'day';
    if (USER_TOPICS.has(topic)) return 'user';
    if (topic.startsWith(KLINE_PREFIX)) return this.klineIndex(topic) === undefined ? null : 'kline';
    return null;
  }

  private klineIndex(topic: string): number | undefined {
    return this.deps.market.indexOfCode(topic.slice(KLINE_PREFIX.length));
  }

  subscribe(c: HubClient, topic: string): void {
    const { connections, maxTopics } = this.deps;
    const kind = this.topicKind(topic);
    if (!kind) {
      connections.reply(c, { type: 'sub', ok: false, topic, msg: 'unknown topic' });
      return;
    }
    if (!c.topics.has(topic) && c.topics.size >= maxTopics) {
      connections.reply(c, { type: 'sub', ok: false, topic, msg: `too many subscriptions (max ${maxTopics})` });
      return;
    }
    const fresh = !c.topics.has(topic);
    c.topics.add(topic);
    connections.reply(c, { type: 'sub', ok: true, topic });
    if (!fresh) return; // already subscribed: no second snapshot
    if (kind === 'day') this.deps.day.subscribe(c);
    else if (kind === 'kline') this.deps.kline.subscribe(c, topic, this.klineIndex(topic) ?? -1);
  }

  unsubscribe(c: HubClient, topic: string): void {
    const kind = this.topicKind(topic);
    if (!kind) {
      this.deps.connections.reply(c, { type: 'unsub', ok: false, topic, msg: 'unknown topic' });
      return;
    }
    c.topics.delete(topic);
    if (kind === 'day') this.deps.day.unsubscribe(c);
    else if (kind === 'kline') this.deps.kline.unsubscribe(c, topic);
    this.deps.connections.reply(c, { type: 'unsub', ok: true, topic });
  }

  async login(c: HubClient, token: string): Promise<void> {
    if (!this.deps.allowLogin(c)) {
      // Token guessing over sockets: refused without asking the database, and the socket is closed.
      this.deps.connections.reply(c, { type: 'error', msg: 'too many logins' });
      this.deps.connections.drop(c, CLOSE_POLICY, 'too many logins');
      return;
    }
    const seq = ++c.loginSeq;
    let userId: number | null = null;
    let eventSeq: number | undefined;
    let endedAt: number | null = null;
    try {
      userId = await this.deps.authenticate(token);
      if (userId !== null && this.deps.eventSeq) eventSeq = await this.deps.eventSeq(userId);
      if (userId === null && this.deps.endedElsewhere) endedAt = await this.deps.endedElsewhere(token);
    } catch (err) {
      this.deps.onError?.(err);
    }
    // A later login or logout on this socket wins over this slower answer.
    if (c.closed || seq !== c.loginSeq) return;
    this.setUser(c, userId);
    c.tokenHash = userId === null ? null : tokenHash(token);
    this.deps.connections.reply(
      c,
      userId === null
        ? { type: 'login', ok: false, ...this.ended(c, endedAt ?? undefined) }
        : { type: 'login', ok: true, msg: 'success', ...(eventSeq === undefined ? {} : { seq: eventSeq }) },
    );
  }

  /** Each is told `revoked` (docs/protocol.md), with `at` when ended from another device. */
  revoke(match: (c: HubClient) => boolean, at?: number): void {
    for (const set of [...this.byUser.values()]) {
      for (const c of [...set]) {
        if (!match(c)) continue;
        c.loginSeq++; // a login still in flight on this socket must not bring the session back
        this.setUser(c, null);
        c.tokenHash = null;
        this.deps.connections.reply(c, { type: 'revoked', ...this.ended(c, at) });
      }
    }
  }

  /** With `at` when ended from another device. */
  private ended(c: HubClient, at: number | undefined): { msg: string; at?: number } {
    if (at === undefined) return { msg: this.deps.translate(c.lang, 'errors.session_expired') };
    return { msg: this.deps.translate(c.lang, 'errors.signed_out_elsewhere'), at };
  }

  logout(c: HubClient): void {
    c.loginSeq++;
    this.setUser(c, null);
    c.tokenHash = null;
    this.deps.connections.reply(c, { type: 'logout', ok: true });
  }

  forget(c: HubClient): void {
    this.setUser(c, null);
    this.deps.day.unsubscribe(c);
    this.deps.kline.forget(c);
  }

  toUser(userId: number, message: ServerMessage): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    let frame: Buffer | null = null;
    for (const c of set) {
      if (!c.topics.has(message.type)) continue;
      frame ??= this.deps.connections.serialise(message);
      this.deps.connections.send(c, frame);
    }
  }

  private setUser(c: HubClient, userId: number | null): void {
    if (c.userId !== null) {
      const set = this.byUser.get(c.userId);
      set?.delete(c);
      if (set && set.size === 0) this.byUser.delete(c.userId);
    }
    c.userId = userId;
    if (userId !== null) {
      let set = this.byUser.get(userId);
      if (!set) this.byUser.set(userId, (set = new Set()));
      set.add(c);
    }
  }
}
