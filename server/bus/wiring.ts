// The bus seams of docs/reliability.md; the same code for both buses.
import type { FastifyBaseLogger } from 'fastify';
import type { Revocation, Revocations } from '../security/revocations.ts';
import type { UserPush } from '../core/services.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';
import { SUBJECTS, type AlertChanged, type Bus, type OrderChanged } from './bus.ts';

export function deliverUserEvents(bus: Bus, hub: UserPush): () => void {
  return bus.subscribe(SUBJECTS.userAll, (message, subject) => {
    const userId = Number(subject.slice(subject.lastIndexOf('.') + 1));
    if (Number.isSafeInteger(userId)) hub.toUser(userId, message as ServerMessage);
  });
}

export function orderChanges(
  bus: Bus,
  origin: string,
  refresh: (orderId: number) => Promise<void>,
  log: FastifyBaseLogger,
): { announce(orderId: number): void; stop(): void } {
  const stop = bus.subscribe(SUBJECTS.order, (m) => {
    const change = m as OrderChanged;
    if (change.origin === origin || !Number.isSafeInteger(change.id)) return;
    refresh(change.id).catch((err: unknown) => log.error({ err, orderId: change.id }, 'order refresh failed'));
  });
  return {
    announce: (id) => bus.publish(SUBJECTS.order, { id, origin } satisfies OrderChanged),
    stop,
  };
}

/** A logout on one gateway logs the token's sockets out on every gateway. */
export function busRevocations(bus: Bus, log: FastifyBaseLogger): Revocations & { stop(): void } {
  const listeners = new Set<(r: Revocation) => void>();
  const stop = bus.subscribe(SUBJECTS.revoke, (m) => {
    for (const l of listeners) {
      // One failing listener must not keep the others from closing their sockets.
      try {
        l(m as Revocation);
      } catch (err) {
        log.error({ err }, 'revocation listener failed');
      }
    }
  });
  return {
    revoked: (r) => bus.publish(SUBJECTS.revoke, r),
    onRevoked(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    stop,
  };
}

/** Announced on the bus, re-read by the market writer's watcher. */
export function alertChanges(bus: Bus): {
  announce(alertId: number): void;
  follow(refresh: (alertId: number) => void): () => void;
} {
  return {
    announce: (id) => bus.publish(SUBJECTS.alert, { id } satisfies AlertChanged),
    follow: (refresh) =>
      bus.subscribe(SUBJECTS.alert, (m) => {
        const id = (m as AlertChanged).id;
        if (Number.isSafeInteger(id)) refresh(id);
      }),
  };
}
