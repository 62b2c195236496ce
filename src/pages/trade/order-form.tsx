// The order form: side, market/pending, lots, multiplier, stop boxes, live preview and submit.
// It re-renders on user input and when the market opens/closes or the price turns stale — never per tick.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { computed, effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { quote } from '../../state/quotes.ts';
import { $loggedIn } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { holdUpdate } from '../../state/app-update.ts';
import { currentPath, loginPath, navigateTo } from '../../state/navigator.ts';
import { submitOrder } from '../../api/trading.ts';
import { submitHandler } from '../../components/submit-handler.ts';
import { rememberOrder } from '../../state/one-click.ts';
import { $formRequest } from './trade-state.ts';
import { priceText } from '../../domain/price-text.ts';
import { rowSignals } from '../market/row-signals.ts';
import { checkOrder, initialDraft, isFixedMargin, stopOf, toggleStop, typeStop, type OrderDraft, type OrderSide, type StopKind } from './order-draft.ts';
import { useOrderPreview } from './use-order-preview.ts';
import { LotStepper } from './lot-stepper.tsx';
import { MultiplierPicker } from './multiplier-picker.tsx';
import { PriceInput } from './price-input.tsx';
import { StopBox } from './stop-box.tsx';
import { OrderSummary } from './order-summary.tsx';
import { OrderPlaced } from './order-placed.tsx';
import type { Instrument, Order } from '../../domain/types.ts';
import './order-form.css';

export const HOLDING_ORDERS_PATH = '/order?type=1';

/** Why the buttons are disabled right now (an i18n key), or null when trading is possible. */
export function blockedReason(open: boolean, stale: boolean, halted = false): string | null {
  if (halted) return 'trade.halted';
  if (!open) return 'trade.market_closed';
  if (stale) return 'trade.price_stale';
  return null;
}

export function OrderForm({ inst }: { inst: Instrument }) {
  useSignals();
  const { t } = useTranslation();
  const q = quote(inst.Code);
  // The reason flips rarely (market open/close, connection lost): reading it re-renders the form only then.
  const $reason = useMemo(() => {
    const s = rowSignals(inst, q);
    return computed(() => blockedReason(s.$open.value, q.$stale.value, q.$halt.value !== ''), { name: 'order-form.$reason' });
  }, [inst, q]);
  const reason = $reason.value;
  const [side, setSide] = useState<OrderSide>(1);
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(inst));
  const [placed, setPlaced] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const { $preview } = useOrderPreview(inst, draft, side);
  const fixedMode = isFixedMargin(inst);
  // An open order form holds back the "new version" prompt: code is never swapped under a half-typed order.
  useEffect(() => holdUpdate(), []);
  const formRef = useRef<HTMLFormElement>(null);
  // B / S on the desk (desk-keys.ts): this side, and the lots field focused. Only requests made after mounting.
  useEffect(() => {
    const seen = $formRequest.peek()?.seq ?? 0;
    return effect(() => {
      const req = $formRequest.value;
      if (!req || req.seq <= seen) return;
      setSide(req.side);
      formRef.current?.querySelector<HTMLInputElement>('input[data-field="lots"]')?.focus();
    });
  }, []);

  const update = useCallback((patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const nowPrice = () => q.$close.peek() || priceText(inst.ForexQuotations?.Close, inst.PricePrecision);
  const stopBox = (kind: StopKind) => ({
    ...stopOf(draft, kind),
    placeholder: nowPrice(),
    onToggle: (on: boolean) => update(toggleStop(draft, kind, on, nowPrice)),
    onChange: (v: string) => update(typeStop(kind, v)),
  });

  const submit = async () => {
    if (busy || reason) return;
    const check = checkOrder(inst, draft, side, $loggedIn.peek());
    if (check.kind === 'login') {
      navigateTo(loginPath(currentPath()));
      return;
    }
    if (check.kind === 'error') {
      toast(t(check.key));
      return;
    }
    setBusy(true);
    try {
      const order = await submitOrder(check.params);
      rememberOrder(inst.Code, { lots: check.params.cont, multiple: check.params.multiple === 0 ? null : check.params.multiple });
      setPlaced(order);
    } catch {
      // The API client has already shown the server's msg as a toast.
    } finally {
      setBusy(false);
    }
  };

  const sideKey = side === 1 ? 'trade.buy_up' : 'trade.buy_low';
  return (
    <form
      ref={formRef}
      className="tr-form"
      data-side={side}
      onSubmit={submitHandler(submit)}
    >
      <div className="tr-sides" role="radiogroup" aria-label={t('trade.direction')}>
        <button type="button" role="radio" aria-checked={side === 1} className="tr-side tap-reach" data-side="1" onClick={() => setSide(1)}>
          {t('trade.buy_up')}
        </button>
        <button type="button" role="radio" aria-checked={side === 2} className="tr-side tap-reach" data-side="2" onClick={() => setSide(2)}>
          {t('trade.buy_low')}
        </button>
      </div>

      <div className="tr-modes" role="radiogroup" aria-label={t('trade.order_type')}>
        <button
          type="button"
          role="radio"
          aria-checked={draft.mode === 'market'}
          className="tr-mode tap-reach"
          data-mode="market"
          onClick={() => update({ mode: 'market' })}
        >
          {t('trade.market_order')}
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={draft.mode === 'pending'}
          className="tr-mode tap-reach"
          data-mode="pending"
          onClick={() => update({ mode: 'pending', targetPrice: draft.targetPrice || nowPrice() })}
        >
          {t('trade.pending_order')}
        </button>
      </div>

      {draft.mode === 'pending' ? (
        <div className="tr-field">
          <span className="tr-label">{t('trade.target_price')}</span>
          <PriceInput
            field="target-price"
            label={t('trade.target_price')}
            value={draft.targetPrice}
            placeholder={nowPrice()}
            onChange={(v) => update({ targetPrice: v })}
          />
        </div>
      ) : null}

      <div className="tr-field">
        <span className="tr-label">{t('trade.lots')}</span>
        <LotStepper value={draft.lots} pip={inst.Pip} onChange={(v) => update({ lots: v })} />
      </div>

      <div className="tr-field">
        <span className="tr-label">{t('trade.multiple')}</span>
        {fixedMode ? (
          <span className="tr-fixed">{t('trade.fixed_margin')}</span>
        ) : (
          <MultiplierPicker options={inst.HasForexMultiple} value={draft.multiple} onChange={(v) => update({ multiple: v })} />
        )}
      </div>

      <StopBox field="stop-profit" label={t('trade.stop_profit')} {...stopBox('profit')} />
      <StopBox field="stop-loss" label={t('trade.stop_loss')} {...stopBox('loss')} />

      <OrderSummary $preview={$preview} showStopProfit={draft.stopProfitOn} showStopLoss={draft.stopLossOn} />

      {reason ? (
        <p className="tr-blocked" role="status" data-reason={reason}>
          {reason === 'trade.halted' ? t(reason, { reason: q.$halt.value }) : t(reason)}
        </p>
      ) : null}

      <button
        type="submit"
        className={side === 1 ? 'btn btn-up btn-block tr-submit' : 'btn btn-down btn-block tr-submit'}
        data-action="submit-order"
        data-side={side}
        disabled={reason !== null || busy}
      >
        {t(sideKey)}
      </button>

      {placed ? (
        <OrderPlaced
          order={placed}
          onClose={() => setPlaced(null)}
          onViewOrders={() => {
            setPlaced(null);
            navigateTo(HOLDING_ORDERS_PATH);
          }}
        />
      ) : null}
    </form>
  );
}
