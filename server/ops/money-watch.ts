// A command that moves money without declaring it, and so without the four-eyes gate, fails on its first run.
import { dec, type Dec } from '../../domain/decimal.ts';
import type { LedgerObserver, WatchedMovement } from '../ledger/ledger.ts';
import { RecordType, type RecordTypeValue } from '../ledger/record-types.ts';
import type { MoneyEffect, MoneyMovement } from './command.ts';

const EFFECT_RECORDS: Readonly<Record<MoneyEffect, readonly RecordTypeValue[]>> = {
  moves: [RecordType.DEPOSIT, RecordType.OPERATOR_CREDIT, RecordType.WITHDRAW_PAID, RecordType.MEMO],
  returns: [RecordType.WITHDRAW_RELEASED],
  // A copy's orphan closed by the reconciliation (docs/copy-trading.md "Mirroring").
  due: [RecordType.FUND_INCOME, RecordType.FUND_PRINCIPAL, RecordType.MARGIN_RELEASE, RecordType.PROFIT],
};

class UndeclaredMovement extends Error {
  constructor(command: string, why: string) {
    super(`ops command ${command} moved money it did not declare: ${why}`);
    this.name = 'UndeclaredMovement';
  }
}

const size = (m: WatchedMovement): Dec =>
  dec(m.balance ?? 0)
    .abs()
    .plus(dec(m.lock ?? 0).abs());

/** For `moves`: only to the gated account and at most the gated USD amount in all. */
export function moneyObserver(command: string, effect: MoneyEffect | undefined, gated?: MoneyMovement): LedgerObserver {
  let moved = dec(0);
  return (userId, movements) => {
    for (const m of movements) {
      if (!effect) throw new UndeclaredMovement(command, `record type ${m.type} without a money effect`);
      if (!EFFECT_RECORDS[effect].includes(m.type)) {
        throw new UndeclaredMovement(command, `record type ${m.type} is not "${effect}"`);
      }
      if (effect !== 'moves') continue;
      if (!gated || userId !== gated.userId)
        throw new UndeclaredMovement(command, 'another account than the gated one');
      moved = moved.plus(size(m));
      if (moved.gt(gated.usd)) throw new UndeclaredMovement(command, `more than the gated ${gated.usd} USD`);
    }
  };
}
