// The estimate sums the rows' live figures; an empty scope disables the button and says why.
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { inCloseScope, type CloseAllItem, type CloseScope } from '../../../domain/close-scope.ts';
import type { AppOrder } from '../../../domain/types.ts';
import type { CloseAllParams } from '../../api/trading.ts';
import { dec, exactText } from '../../../domain/decimal.ts';
import { isDecimalText } from '../../../domain/decimal-text.ts';
import { sideOf, sumMoney } from '../../../domain/trade-maths.ts';
import { usd, type Usd } from '../../../domain/units.ts';
import { ActionPair } from '../../components/overlays/action-pair.tsx';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { LiveText } from '../../components/text/live-text.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { $currentCode } from '../../state/market/current-code.ts';
import { $heldPositions, closeAllPositions } from '../../state/orders/orders.ts';
import { heldPnl } from './order-live.ts';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import { formatPnl } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { Num } from '../../components/text/num.tsx';
import { orderLots } from '../../state/market/lot-step.ts';

// Which positions each close-all choice takes is the server's own rule (domain/close-scope.ts).
type CloseAllChoice = 'all' | 'buy' | 'sell' | 'instrument';

interface ScopeInstrument {
  instrumentId: number;
  showCode: string;
}

/** Never an instrument with nothing to close unless nothing is held at all. */
function scopeInstrument(held: readonly AppOrder[], currentCode: string | null): ScopeInstrument | null {
  const pick = held.find((o) => o.instrument.Code === currentCode) ?? held[0];
  return pick ? { instrumentId: pick.instrumentId, showCode: pick.instrument.ShowCode } : null;
}

function scopeOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseScope {
  if (choice === 'buy' || choice === 'sell') return { side: choice };
  if (choice === 'instrument') return { instrumentId: inst?.instrumentId ?? -1 }; // no instrument: nothing in scope
  return {};
}

function paramsOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseAllParams {
  if (choice === 'instrument' && inst) return { scope: 'all', instrumentId: inst.instrumentId };
  return { scope: choice === 'buy' || choice === 'sell' ? choice : 'all' };
}

function positionsIn(held: readonly AppOrder[], scope: CloseScope): AppOrder[] {
  return held.filter((o) => inCloseScope({ side: sideOf(o.OrderType), instrumentId: o.instrumentId }, scope));
}

/** Null when one is unknown: the estimate would be wrong. */
function estimatedPnl(positions: readonly AppOrder[], pnlOf: (o: AppOrder) => string | null): string | null {
  const values: Usd[] = [];
  for (const o of positions) {
    const v = pnlOf(o);
    if (!isDecimalText(v)) return null;
    values.push(usd(v));
  }
  return exactText(sumMoney(values));
}

// Every refused position is named with its reason, so a partial failure is read, never swallowed.
interface CloseAllResultProps {
  results: readonly CloseAllItem<AppOrder>[];
  asked: readonly AppOrder[];
  onDone: () => void;
}

function CloseAllResult({ results, asked, onDone }: CloseAllResultProps): ReactElement {
  const { t } = useTranslation();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []); // the confirm button is gone: keep focus inside the sheet
  const failed = results.filter((r) => !r.ok);
  const closed = results.length - failed.length;
  const realised = results.reduce((sum, r) => (r.ok && r.order ? sum.plus(dec(r.order.FactProfits)) : sum), dec(0));
  const reason = (key: string): string => t(i18n.exists(`errors.${key}`) ? `errors.${key}` : 'errors.internal');
  return (
    <div className="od-close-all__result" data-testid="close-all-result" data-failed={failed.length}>
      <p role="status" className="od-close-all__counts">
        <span data-field="closed-count">{t('orders.close_all_closed', { count: closed })}</span>
        {closed > 0 ? (
          <span className="od-close-all__realised">
            <span>{t('orders.close_all_realised')}</span>
            <Num className="od-pnl" data-field="closed-pnl" data-dir={pnlDir(realised)}>
              {formatPnl(exactText(realised), { missing: NO_VALUE })}
            </Num>
          </span>
        ) : null}
        {failed.length > 0 ? (
          <span data-field="failed-count" className="od-close-all__failed">
            {t('orders.close_all_failed', { count: failed.length })}
          </span>
        ) : null}
      </p>
      {failed.length > 0 ? (
        <ul className="od-close-all__list" aria-label={t('orders.close_all_failed_list')}>
          {failed.map((r) => {
            const o = asked.find((a) => a.Id === r.Id);
            return (
              <li key={r.Id} data-id={r.Id} className="od-close-all__item">
                <span className="od-close-all__what">
                  <span className="od-code">{o?.instrument.ShowCode ?? ''}</span>
                  {o ? <span>{t(o.OrderType === 1 ? 'trade.buy_up' : 'trade.buy_low')}</span> : null}
                  {o ? (
                    <span>
                      <Num>{t('orders.lots_value', { lots: orderLots(o) })}</Num>
                    </span>
                  ) : null}
                </span>
                <span className="od-close-all__reason" data-field="reason">
                  {reason(r.error)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="od-actions">
        <button ref={done} type="button" className="btn btn-primary" data-action="close-all-done" onClick={onDone}>
          {t('orders.close_all_done')}
        </button>
      </div>
    </div>
  );
}

export function CloseAllSheet({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const held = $heldPositions.value;
  const code = $currentCode.value;
  const inst = useMemo(() => scopeInstrument(held, code), [held, code]);
  const [choice, setChoice] = useState<CloseAllChoice>('all');
  const [busy, setBusy] = useState(false);
  // The positions asked for name the refused ones.
  const [outcome, setOutcome] = useState<{ results: CloseAllItem<AppOrder>[]; asked: readonly AppOrder[] } | null>(
    null,
  );

  useEffect(() => {
    if (!open) return;
    setChoice('all');
    setOutcome(null);
  }, [open]);

  const inScope = useMemo(() => positionsIn(held, scopeOf(choice, inst)), [held, choice, inst]);
  // Bound as text: a tick rewrites the estimate's node, the sheet does not re-render for it.
  const estimate = useMemo(() => {
    const $sum = computed(() => estimatedPnl(inScope, heldPnl), { name: 'close-all.$sum' });
    return {
      text: computed(() => formatPnl($sum.value, { missing: NO_VALUE }), { name: 'close-all.text' }),
      dir: computed(() => pnlDir($sum.value), { name: 'close-all.dir' }),
    };
  }, [inScope]);

  const options = useMemo(
    () => [
      ...(['all', 'buy', 'sell'] as const).map((value) => ({ value, labelKey: `orders.scope_${value}` })),
      ...(inst ? [{ value: 'instrument' as const, text: t('orders.scope_instrument', { code: inst.showCode }) }] : []),
    ],
    [inst, t],
  );

  const confirm = async (): Promise<void> => {
    const asked = inScope;
    setBusy(true);
    const results = await closeAllPositions(paramsOf(choice, inst));
    setBusy(false);
    if (results) setOutcome({ results, asked });
  };

  const empty = inScope.length === 0;
  return (
    <BottomSheet open={open} onClose={onClose} titleKey="orders.close_all">
      <div className="od-sheet od-close-all" data-testid="close-all-sheet">
        {outcome ? (
          <CloseAllResult results={outcome.results} asked={outcome.asked} onDone={onClose} />
        ) : (
          <>
            <Segmented
              options={options}
              value={choice}
              onChange={setChoice}
              labelKey="orders.close_all_scope"
              role="listbox"
              className="od-close-all__scopes"
              itemClassName="od-close-all__scope"
              dataName="scope"
            />
            <dl className="od-detail__grid">
              <DefRow
                className="od-detail__row"
                labelKey="orders.close_all_count"
                valueClass="num"
                field="close-all-count"
              >
                {inScope.length}
              </DefRow>
              <DefRow className="od-detail__row" labelKey="orders.close_all_pnl">
                <LiveText className="od-pnl" field="close-all-pnl" $text={estimate.text} $dir={estimate.dir} />
              </DefRow>
            </dl>
            <p className="od-close-all__note muted" id="close-all-note">
              {t(empty ? 'orders.close_all_empty' : 'orders.close_all_note')}
            </p>
            <ActionPair
              className="od-actions"
              onBack={onClose}
              actionKey="orders.close_all_confirm"
              tone="danger"
              onAction={() => void confirm()}
              busy={empty || busy}
              action="close-all-confirm"
              describedBy="close-all-note"
            />
          </>
        )}
      </div>
    </BottomSheet>
  );
}
