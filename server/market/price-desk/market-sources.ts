// The writer's sources and price desk together; built only in the writer (roles all and market), never on a gateway.
import type { Services } from '../../core/services.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketInstrument } from '../instrument-catalogue.ts';
import { isOpenAt } from '../market-hours.ts';
import type { Simulator } from '../simulator.ts';
import { type PriceSource, SIMULATOR_SOURCE } from '../sources/price-source.ts';
import { SimulatorSource } from '../sources/simulator-source.ts';
import { SOURCE_FACTORIES } from '../sources/source-registry.ts';
import { loadDeskConfig } from './desk-config.ts';
import { DEFAULT_DESK_OPTIONS, PriceDesk, type DeskOptions } from './price-desk.ts';
import type { DeskFlags } from './desk-status.ts';

export interface MarketSourcesOptions {
  /** Names built from `sourceEnv`, or ready instances (tests). Default: the simulator. */
  priceSources?: ReadonlyArray<string | PriceSource>;
  sourceEnv?: Readonly<Record<string, string | undefined>>;
  desk?: Partial<DeskOptions>;
}

export interface MarketSourcesDeps extends Pick<Services, 'db' | 'clock' | 'timers'> {
  log: FastifyBaseLogger | null;
}

export class MarketSources {
  /** The writer publishes the desk's flags to the gateways through it (desk-wiring.ts). */
  onFlags: ((f: DeskFlags) => void) | null = null;
  private readonly deps: MarketSourcesDeps;
  readonly desk: PriceDesk;
  readonly simulator: SimulatorSource | null;

  private constructor(
    deps: MarketSourcesDeps,
    instruments: readonly MarketInstrument[],
    sources: readonly PriceSource[],
    state: Simulator,
    simulator: SimulatorSource | null,
    desk: Partial<DeskOptions> | undefined,
  ) {
    this.deps = deps;
    this.simulator = simulator;
    this.desk = new PriceDesk(
      instruments,
      sources,
      {
        clock: deps.clock,
        timers: deps.timers,
        log: deps.log,
        apply: (index, bid, ask, time, volume) => state.push(index, bid, ask, time, volume),
        flags: (index, f) => {
          state.setDeskFlags(instruments[index]?.code ?? '', f.stale, f.halt);
          this.onFlags?.(f);
        },
        isOpen: (index) => {
          const inst = instruments[index];
          return inst ? isOpenAt(inst.cls, deps.clock.now() / 1000) : false;
        },
      },
      { ...DEFAULT_DESK_OPTIONS, ...desk },
    );
  }

  /** `walk` is called only when PRICE_SOURCES names the simulator. */
  static async start(
    deps: MarketSourcesDeps,
    instruments: readonly MarketInstrument[],
    state: Simulator,
    walk: () => Simulator,
    opts: MarketSourcesOptions = {},
  ): Promise<MarketSources> {
    const env = opts.sourceEnv ?? process.env;
    let simulator: SimulatorSource | null = null;
    const sources = (opts.priceSources ?? [SIMULATOR_SOURCE]).map((s): PriceSource => {
      if (typeof s !== 'string') return s;
      if (s === SIMULATOR_SOURCE) return (simulator = new SimulatorSource(walk()));
      const factory = SOURCE_FACTORIES[s];
      if (!factory) throw new Error(`unknown price source "${s}"`);
      return factory({ clock: deps.clock, timers: deps.timers, log: deps.log, env });
    });
    const out = new MarketSources(deps, instruments, sources, state, simulator, opts.desk);
    await out.reload();
    out.desk.start();
    deps.log?.info({ sources: sources.map((s) => s.name) }, 'price sources started');
    return out;
  }

  /** After a desk change on any gateway. */
  async reload(): Promise<void> {
    this.desk.configure(await loadDeskConfig(this.deps.db));
  }
}
