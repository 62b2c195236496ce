// The price desk across processes (docs/scaling.md): the market writer publishes each instrument's stale/halt flag
// as it changes and its whole desk status every second; gateways apply the flags to their copy of the market (so their
// DAY_MARKET and their order checks agree with the writer) and keep the status for the operator. A desk change,
// stored by whichever process ran the ops command, reaches the writer as a control message; it reads it again.
import type { FastifyBaseLogger } from 'fastify';
import type { Timers } from '../../../domain/time.ts';
import { SUBJECTS, type Bus } from '../../bus/bus.ts';
import type { DeskFlags, DeskStatus } from './desk-status.ts';
import type { MarketSources } from './market-sources.ts';

/** What ops commands use: the writer's latest status, and "a desk change was stored: apply it everywhere". */
export interface DeskContext {
  /** null until the writer has said anything (a gateway just started, or the writer is down). */
  status(): DeskStatus | null;
  changed(): Promise<void>;
}

export const STATUS_PUBLISH_MS = 1000;

/** Role all: one process, no bus in between. */
export function localDesk(sources: MarketSources): DeskContext {
  return { status: () => sources.status(), changed: () => sources.reload() };
}

/** Role market: publishes flags and status; applies the operator's changes. */
export function publishDesk(
  bus: Bus,
  sources: MarketSources,
  timers: Timers,
  log: FastifyBaseLogger,
): { ctx: DeskContext; stop(): void } {
  const offFlags = sources.onFlags((f) => bus.publish(SUBJECTS.deskFlags, f));
  const offControl = bus.subscribe(SUBJECTS.deskControl, () => {
    sources.reload().catch((err: unknown) => log.error({ err }, 'price desk configuration reload failed'));
  });
  const handle = timers.setInterval(() => bus.publish(SUBJECTS.deskStatus, sources.status()), STATUS_PUBLISH_MS);
  return {
    ctx: localDesk(sources),
    stop() {
      offFlags();
      offControl();
      timers.clearInterval(handle);
    },
  };
}

/** Role gateway: follows the writer's flags and status; a stored change is announced to the writer. */
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
