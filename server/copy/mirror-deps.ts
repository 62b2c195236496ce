import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../domain/time.ts';
import type { Db } from '../db/db.ts';
import type { OrderEngine } from '../engine/engine.ts';
import type { MarketView } from '../market/market-view.ts';
import type { Notifier } from '../core/services.ts';

export interface MirrorDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  notifier: Notifier;
  market: MarketView;
  engine: Pick<
    OrderEngine,
    | 'instrument'
    | 'instruments'
    | 'applyCommitted'
    | 'floatingOf'
    | 'marginOf'
    | 'riskRateOf'
    | 'equityScaled'
    | 'closeAll'
    | 'onCommitted'
  >;
}
