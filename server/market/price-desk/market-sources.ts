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
  private readonly flagListeners = new Set<(f: DeskFlags) => void>();
  private readonly deps: MarketSourcesDeps;
  readonly desk: PriceDesk;
  readonly simulator: SimulatorSource | null;

  private constructor(deps: MarketSourcesDeps, desk: PriceDesk, simulator: SimulatorSource | null) {
    this.deps = deps;
    this.desk = desk;
    this.simulator = simulator;
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
    const codes = instruments.map((i) => i.code);
    const built: { current?: MarketSources } = {};
    const desk = new PriceDesk(
      instruments,
      sources,
      {
        clock: deps.clock,
        timers: deps.timers,
        log: deps.log,
        apply: (index, bid, ask, time, volume) => state.push(index, bid, ask, time, volume),
        flags: (index, f) => {
          state.setDeskFlags(codes[index] ?? '', f.stale, f.halt);
          for (const l of built.current?.flagListeners ?? []) l(f);
        },
        isOpen: (index) => {
          const inst = instruments[index];
          return inst ? isOpenAt(inst.cls, deps.clock.now() / 1000) : false;
        },
      },
      { ...DEFAULT_DESK_OPTIONS, ...opts.desk },
    );
    const out = new MarketSources(deps, desk, simulator);
    built.current = out;
    await out.reload();
    desk.start();
    deps.log?.info({ sources: sources.map((s) => s.name) }, 'price sources started');
    return out;
  }

  /** After a desk change on any gateway. */
  async reload(): Promise<void> {
    this.desk.configure(await loadDeskConfig(this.deps.db));
  }

  /** The writer publishes them to the gateways. */
  onFlags(listener: (f: DeskFlags) => void): () => void {
    this.flagListeners.add(listener);
    return () => this.flagListeners.delete(listener);
  }
}
