// Gateways apply the writer's flags so their DAY_MARKET and order checks agree with it (docs/scaling.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Timers } from '../../../domain/time.ts';
import { SUBJECTS, type Bus } from '../../bus/bus.ts';
import type { DeskFlags, DeskStatus } from './desk-status.ts';
import type { MarketSources } from './market-sources.ts';

export interface DeskContext {
  /** null until the writer has said anything (a gateway just started, or the writer is down). */
  status(): DeskStatus | null;
  changed(): Promise<void>;
}

export const STATUS_PUBLISH_MS = 1000;

/** Role all: one process, no bus in between. */
export function localDesk(sources: MarketSources): DeskContext {
  return { status: () => sources.desk.status(), changed: () => sources.reload() };
}

export function publishDesk(
  bus: Bus,
  sources: MarketSources,
  timers: Timers,
  log: FastifyBaseLogger,
): { ctx: DeskContext; stop(): void } {
  sources.onFlags = (f) => bus.publish(SUBJECTS.deskFlags, f);
  const offControl = bus.subscribe(SUBJECTS.deskControl, () => {
    sources.reload().catch((err: unknown) => log.error({ err }, 'price desk configuration reload failed'));
  });
  const handle = timers.setInterval(() => bus.publish(SUBJECTS.deskStatus, sources.desk.status()), STATUS_PUBLISH_MS);
  return {
    ctx: localDesk(sources),
    stop() {
      sources.onFlags = null;
      offControl();
      timers.clearInterval(handle);
    },
  };
}

export function followDesk(bus: Bus, apply: (f: DeskFlags) => void): { ctx: DeskContext; stop(): void } {
  let latest: DeskStatus | null = null;
  const offFlags = bus.subscribe(SUBJECTS.deskFlags, (m) => apply(m as DeskFlags));
  const offStatus = bus.subscribe(SUBJECTS.deskStatus, (m) => {
    latest = m as DeskStatus;
    // A gateway that started after a flag changed learns it here, within a second.
    for (const i of latest.instruments) apply({ code: i.code, stale: i.state === 'stale', halt: i.haltReason });
  });
  return {
    ctx: {
      status: () => latest,
      changed: () => {
        bus.publish(SUBJECTS.deskControl, {});
        return bus.flush();
      },
    },
    stop() {
      offFlags();
      offStatus();
    },
  };
}
