// It re-renders on input and on market open/close or staleness, never per tick.
import { useEffect, useId, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { quote } from '../../../state/market/quotes.ts';
import { $loggedIn } from '../../../state/account/session.ts';
import { holdUpdate } from '../../../state/shell/app-update.ts';
import { currentPath, loginPath, navigateTo } from '../../../state/shell/navigator.ts';
import { afterPress } from '../../../state/shell/yield-task.ts';
import { submitOrder, type NewOrder } from '../../../api/trading.ts';
import { ConfirmDialog } from '../../../components/overlays/confirm-dialog.tsx';
import { refusalText } from '../../../api/client.ts';
import { submitHandler } from '../../../components/forms/submit-handler.ts';
import { FieldMessage, describedBy } from '../../../components/forms/field-message.tsx';
import { Segmented } from '../../../components/forms/segmented.tsx';
import { useFieldMessages, type FieldNote } from '../../../components/forms/use-field-messages.ts';
import { sideOf } from '../../../../domain/trade-maths.ts';
import { stopStart, DEFAULT_RISK_CAP_PERCENT, riskCapPercent } from '../../../../domain/order-rules.ts';
import { $confirmMarket, rememberOrder } from '../../../state/orders/one-click.ts';
import { $formRequest } from '../../../state/market/trade-state.ts';
import { quotePrice } from '../../../../domain/quote-text.ts';
import { rowSignals } from '../../../state/market/row-signals.ts';
import type { DraftField, ExpiryMode, OrderDraft, OrderSide, SizeMode, StopKind } from './order-draft.ts';
import {
  checkOrder,
  draftNotes,
  initialDraft,
  sized,
  isFixedMargin,
  pickSizeMode,
  restartStops,
  canStepDown,
  stepLots,
  stopOf,
  stopStartFor,
  toggleStop,
  typeStop,
} from './order-draft.ts';
import { overFreeSignal, useOrderPreview } from './use-order-preview.ts';
import { blockedReason, placedText } from './one-click.ts';
import { NumberInput } from '../../../components/forms/number-input.tsx';
import './lot-stepper.css';
import { MultiplierPicker } from './multiplier-picker.tsx';
import { useSidePrice } from '../quote-sides.tsx';
import { LiveText } from '../../../components/text/live-text.tsx';
import { $retailTerms, loadRetailTerms, offeredLeverage, owesQuestionnaire } from '../../../state/account/retail.ts';
import { $equity } from '../../../state/account/account-figures.ts';
import { AppropriatenessSheet } from './appropriateness-sheet.tsx';
import './stop-box.css';
import { OrderSummary } from './order-summary.tsx';
import { publicSetting } from '../../../api/common.ts';
import { systemClock } from '../../../state/shell/clock.ts';
import { ActionPair } from '../../../components/overlays/action-pair.tsx';
import { Overlay, useEscape } from '../../../components/overlays/overlay.tsx';
import { Icon } from '../../../components/icons/icons.tsx';
import type { AppOrder, Instrument } from '../../../../domain/types.ts';
import '../../../components/overlays/dialog.css';
import './order-placed.css';
import { ICON_CHECK } from '../../../components/icons/screen-icons.ts';
import './order-form.css';
import { lotsText } from '../../../../domain/format/lots.ts';

// docs/trading.md "Size by risk": the operator's `risk_cap_percent`; 10 % until it arrives or when it cannot be read.
const $riskCap = signal(DEFAULT_RISK_CAP_PERCENT, { name: 'risk-cap.$riskCap' });

let asked = false;

/** Once per app start. */
function loadRiskCap(): void {
  if (asked) return;
  asked = true;
  publicSetting('risk_cap_percent').then(
    (s) => {
      $riskCap.value = riskCapPercent(s.value);
    },
    () => undefined, // the default stays: a cap is never lifted by a failed request
  );
}

// In USD or risk mode the lots follow the typed amount (order-draft.ts `sized`); the lots are always what is sent.
const SIZE_MODES: readonly SizeMode[] = ['lots', 'usd', 'risk'];
// A pending order's expiry: days in UTC, as the server keeps them (server/engine/pending-expiry.ts).
const EXPIRY_MODES: readonly ExpiryMode[] = ['gtc', 'day', 'date'];

const SIDES = [
  { value: 1 as const, labelKey: 'trade.buy_up' },
  { value: 2 as const, labelKey: 'trade.buy_low' },
];
const MODES = (['market', 'pending'] as const).map((value) => ({ value, labelKey: `trade.${value}_order` }));

// A stop of the order form: its switch, its price box and the distance in pips.
// The price is sent only while ticked.
interface StopBoxProps {
  field: 'stop-profit' | 'stop-loss';
  label: string;
  on: boolean;
  value: string;
  placeholder: string;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
  note: FieldNote | null;
  messageId: string;
  /** Text only, in a fixed-height line. */
  $pips: ReadonlySignal<string>;
}

function StopBox(p: StopBoxProps) {
  const { field, on } = p;
  return (
    <div className="tr-stop" data-on={on ? 'true' : 'false'}>
      <label className="tr-check">
        <input type="checkbox" checked={on} data-field={`${field}-on`} onChange={(e) => p.onToggle(e.target.checked)} />
        <span>{p.label}</span>
      </label>
      {/* The text as typed; the order checks refuse what is not a price. */}
      <NumberInput
        className="tr-input tw-num"
        aria-label={p.label}
        placeholder={p.placeholder}
        disabled={!on}
        data-field={field}
        {...describedBy(p.messageId, p.note)}
        value={p.value}
        onChange={p.onChange}
      />
      {on ? <LiveText className="tr-pips" $text={p.$pips} field={`${field}-pips`} prose /> : null}
      <FieldMessage id={p.messageId} field={field} note={p.note} />
    </div>
  );
}

// A field whose kind is picked first (size by, expiry); the modes' texts are `trade.<name>_<mode>`.
interface ModeFieldProps<M extends string> {
  /** Its class (tr-<name>), its modes' data attribute and its message's field. */
  name: 'size' | 'expiry';
  labelKey: string;
  modes: readonly M[];
  mode: M;
  note: FieldNote | null;
  onMode: (mode: M) => void;
  /** Given the attributes that tie it to the message. */
  children: (aria: ReturnType<typeof describedBy>) => ReactNode;
}

function ModeField<M extends string>(p: ModeFieldProps<M>): ReactElement {
  const { name, labelKey, mode, note } = p;
  const { t } = useTranslation();
  const id = useId();
  const options = p.modes.map((value) => ({ value, labelKey: `trade.${name}_${value}` }));
  return (
    <div className={`tr-${name}`} {...{ [`data-${name}-mode`]: mode }}>
      <span className="tr-label">{t(labelKey)}</span>
      <Segmented
        role="listbox"
        labelKey={labelKey}
        options={options}
        value={mode}
        onChange={p.onMode}
        className={`segmented tr-${name}__modes`}
        dataName={name}
      />
      {p.children(describedBy(id, note))}
      <FieldMessage id={id} field={name} note={note} />
    </div>
  );
}

interface OrderFormProps {
  inst: Instrument;
  /** The phone's form: a market order asks once before it goes, unless turned off in settings. */
  phone?: boolean;
}

export function OrderForm({ inst, phone = false }: OrderFormProps) {
  useSignals();
  const { t } = useTranslation();
  const q = quote(inst.Code);
  // The reason flips rarely (market open/close, connection lost): reading it re-renders the form only then.
  const $reason = useMemo(() => {
    const s = rowSignals(inst, q);
    return computed(() => blockedReason(s.$open.value, q.$stale.value, q.$halt.value !== ''), {
      name: 'order-form.$reason',
    });
  }, [inst, q]);
  const reason = $reason.value;
  const [side, setSide] = useState<OrderSide>(1);
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(inst));
  const [placed, setPlaced] = useState<AppOrder | null>(null);
  const closePlaced = () => setPlaced(null);
  useEscape(placed !== null, closePlaced);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<NewOrder | null>(null);
  const [asking, setAsking] = useState<NewOrder | null>(null);
  const $preview = useOrderPreview(inst, draft, side);
  // A buy fills at the ask, a sell at the bid: the button carries the price this side trades at now.
  const $sidePrice = useSidePrice(inst, side);
  const $askPrice = useSidePrice(inst, 1);
  const $bidPrice = useSidePrice(inst, 2);
  const overFree = useMemo(() => overFreeSignal($preview), [$preview]).value;
  const live = useMemo(() => {
    const ok = computed(() => ($preview.value?.ok ? $preview.value : null), { name: 'order-form.ok' });
    const pips = (v: string | null | undefined): string => (v ? t('trade.pips', { pips: v }) : '');
    const sideName = side === 1 ? 'buy' : 'sell';
    return {
      profitPips: computed(() => pips(ok.value?.pipsToStopProfit), { name: 'order-form.profitPips' }),
      lossPips: computed(() => pips(ok.value?.pipsToStopLoss), { name: 'order-form.lossPips' }),
      kind: computed(() => (ok.value?.pendingKind ? t(`trade.kind_${sideName}_${ok.value.pendingKind}`) : ''), {
        name: 'order-form.kind',
      }),
    };
  }, [$preview, side, t]);
  const fixedMode = isFixedMargin(inst);
  // An open order form holds back the "new version" prompt: code is never swapped under a half-typed order.
  useEffect(() => holdUpdate(), []);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  // B / S on the desk (trader-keys.ts); pickSide is read through a ref because the effect runs once.
  const pickSideRef = useRef<(s: OrderSide) => void>(() => undefined);
  useEffect(() => {
    const seen = $formRequest.peek()?.seq ?? 0;
    return effect(() => {
      const req = $formRequest.value;
      if (!req || req.seq <= seen) return;
      pickSideRef.current(req.side);
      formRef.current?.querySelector<HTMLInputElement>('input[data-field="lots"]')?.focus();
    });
  }, []);

  // Read on user input only (a render): the price the typed values are judged against, never a per-tick render.
  const nowPrice = () => q.$close.peek() || quotePrice(inst.ForexQuotations?.Close, inst.PricePrecision);
  const equityNow = (): string | null => $equity.peek();
  const riskCap = $riskCap.value;
  // A size in USD or % sets the lots at the price when typed; a side, kind or target change restarts the stops.
  const update = (patch: Partial<OrderDraft>, restartFor: OrderSide | null = null) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      const stops = restartFor === null ? next : restartStops(inst, next, restartFor, nowPrice());
      return sized(inst, stops, nowPrice(), equityNow(), riskCap);
    });
  const pickSide = (s: OrderSide) => {
    setSide(s);
    update({}, s);
  };
  pickSideRef.current = pickSide;
  const today = new Date(systemClock.now()).toISOString().slice(0, 10); // pending expiry days are UTC days
  const msgs = useFieldMessages<DraftField>(
    draftNotes(inst, draft, side, nowPrice(), false, today, equityNow(), riskCap),
  );
  const change = (field: DraftField, patch: Partial<OrderDraft>, restart = false) =>
    msgs.edit(field, (p: Partial<OrderDraft>) => update(p, restart ? side : null))(patch);
  // A pending order's target starts as a limit, where a stop loss would: a buy below the price, a sell above it.
  const pickMode = (mode: OrderDraft['mode']) =>
    mode === 'market'
      ? update({ mode }, side)
      : change(
          'target-price',
          { mode, targetPrice: draft.targetPrice || stopStart(sideOf(side), 'loss', nowPrice(), inst.PricePrecision) },
          true,
        );
  const submit = async () => {
    if (busy || reason || overFree !== null) return;
    const check = checkOrder(inst, draft, side, $loggedIn.peek(), nowPrice(), today, equityNow(), riskCap);
    if (check.kind === 'login') {
      navigateTo(loginPath(currentPath()));
      return;
    }
    if (check.kind === 'error') {
      msgs.showAll(check.notes);
      return;
    }
    msgs.clear();
    if (phone && check.params.status === 1 && $confirmMarket.peek()) {
      // The button shows it was pressed in the tap's own frame; the dialog mounts in the task after it.
      const params = check.params;
      afterPress(formRef.current?.querySelector('[data-action="submit-order"]'), () => setConfirming(params));
      return;
    }
    await place(check.params);
  };

  const place = async (params: NewOrder) => {
    // A real account's first order waits for the questionnaire (docs/retail-protection.md "Appropriateness").
    if (owesQuestionnaire($retailTerms.peek())) {
      setAsking(params);
      return;
    }
    setBusy(true);
    try {
      const order = await submitOrder(params, { toast: false });
      rememberOrder(inst.Code, { lots: params.lots, leverage: params.leverage === 0 ? null : params.leverage });
      setPlaced(order);
    } catch (err) {
      const text = refusalText(err);
      // Terms not read yet when the form was sent: the server asked for the questionnaire, so ask it now.
      if (text === t('errors.appropriateness_required') && owesQuestionnaire(await loadRetailTerms()))
        setAsking(params);
      else if (text) msgs.show('form', { text });
    } finally {
      setBusy(false);
    }
  };

  const placeHeld = (params: NewOrder | null, clear: (p: null) => void) => {
    clear(null);
    if (params) void place(params);
  };

  // A tick starts a stop at a valid distance on its side (order-draft.ts); a typed price is kept.
  const stopBox = (kind: StopKind): StopBoxProps => {
    const field = kind === 'profit' ? 'stop-profit' : 'stop-loss';
    return {
      ...stopOf(draft, kind),
      field,
      messageId: `${formId}-${field}`,
      label: t(kind === 'profit' ? 'trade.stop_profit' : 'trade.stop_loss'),
      $pips: kind === 'profit' ? live.profitPips : live.lossPips,
      placeholder: nowPrice(),
      note: msgs.of(field),
      onToggle: (on: boolean) =>
        change(
          field,
          toggleStop(draft, kind, on, () => stopStartFor(inst, draft, side, kind, nowPrice())),
        ),
      onChange: (v: string) => change(field, typeStop(kind, v)),
    };
  };
  const sideKey = side === 1 ? 'trade.buy_up' : 'trade.buy_low';
  const sizeLabel = t(draft.sizeMode === 'risk' ? 'trade.size_risk_label' : 'trade.size_usd_label');
  const typeLots = (v: string) => change('lots', { lots: v, sizeMode: 'lots' });
  const stepButton = (dir: 1 | -1) => (
    <button
      type="button"
      className="tr-step"
      data-step={dir === 1 ? 'plus' : 'minus'}
      aria-label={t(dir === 1 ? 'trade.lots_increase' : 'trade.lots_decrease')}
      disabled={dir === -1 && !canStepDown(draft.lots, inst.Pip)}
      onClick={() => typeLots(stepLots(draft.lots, inst.Pip, dir))}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          d={dir === 1 ? 'M3 8h10M8 3v10' : 'M3 8h10'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
  return (
    <form ref={formRef} className="tr-form" data-side={side} onSubmit={submitHandler(submit)}>
      <Segmented
        role="radiogroup"
        labelKey="trade.direction"
        options={SIDES}
        value={side}
        onChange={pickSide}
        className="tr-sides"
        itemClassName="tr-side tap-reach"
        dataName="side"
        extra={(v) => (
          <LiveText
            className="tr-side-quote"
            $text={v === 1 ? $askPrice : $bidPrice}
            field={v === 1 ? 'side-ask' : 'side-bid'}
            box
          />
        )}
      />
      <Segmented
        role="radiogroup"
        labelKey="trade.order_type"
        options={MODES}
        value={draft.mode}
        onChange={pickMode}
        className="tr-modes"
        itemClassName="tr-mode tap-reach"
        dataName="mode"
      />

      {draft.mode === 'pending' ? (
        <>
          <div className="tr-field">
            <span className="tr-label">
              {t('trade.target_price')} <LiveText className="tr-kind" $text={live.kind} field="pending-kind" prose />
            </span>
            {/* The text as typed; the order checks refuse what is not a price. */}
            <NumberInput
              className="tr-input tw-num"
              aria-label={t('trade.target_price')}
              placeholder={nowPrice()}
              data-field="target-price"
              {...describedBy(`${formId}-target-price`, msgs.of('target-price'))}
              value={draft.targetPrice}
              onChange={(v) => change('target-price', { targetPrice: v }, true)}
            />
            <FieldMessage id={`${formId}-target-price`} field="target-price" note={msgs.of('target-price')} />
          </div>
          <ModeField
            name="expiry"
            labelKey="trade.expiry"
            modes={EXPIRY_MODES}
            mode={draft.expiry}
            note={msgs.of('expiry')}
            onMode={(expiry) => change('expiry', { expiry })}
          >
            {(aria) =>
              draft.expiry === 'date' ? (
                <input
                  type="date"
                  className="tr-input tw-num"
                  data-field="expiry-date"
                  aria-label={t('trade.expiry_date')}
                  min={today}
                  value={draft.expiryDate}
                  onChange={(e) => change('expiry', { expiryDate: e.currentTarget.value })}
                  {...aria}
                />
              ) : null
            }
          </ModeField>
        </>
      ) : null}

      <ModeField
        name="size"
        labelKey="trade.size_by"
        modes={SIZE_MODES}
        mode={draft.sizeMode}
        note={msgs.of('size')}
        onMode={(sizeMode) => {
          if (sizeMode === 'risk') loadRiskCap(); // the cap is asked for only when a risk size is wanted
          change('size', pickSizeMode(sizeMode));
        }}
      >
        {(aria) =>
          draft.sizeMode === 'lots' ? null : (
            <label className="tr-size__amount">
              <span className="tr-label">{sizeLabel}</span>
              <NumberInput
                className="tr-input tw-num"
                data-field="size-value"
                aria-label={sizeLabel}
                value={draft.sizeValue}
                onChange={(sizeValue) => change('size', { sizeValue })}
                {...aria}
              />
            </label>
          )
        }
      </ModeField>

      <div className="tr-field">
        <span className="tr-label">{t('trade.lots')}</span>
        {/* The minus is disabled when quantity − Pip ≤ 0 (docs/contract.md §5). */}
        <div className="tr-stepper">
          {stepButton(-1)}
          {/* The text as typed: '-1' stays '-1' and the order check refuses it (never sent as 1 lot). */}
          <NumberInput
            className="tr-input tw-num"
            data-field="lots"
            aria-label={t('trade.lots')}
            value={draft.lots}
            onChange={typeLots}
            {...describedBy(`${formId}-lots`, msgs.of('lots'))}
          />
          {stepButton(1)}
        </div>
        <FieldMessage id={`${formId}-lots`} field="lots" note={msgs.of('lots')} />
        <FieldMessage
          id={`${formId}-free`}
          field="free"
          note={overFree === null ? null : { key: 'trade.margin_over_free', params: { free: overFree } }}
        />
      </div>

      <div className="tr-field">
        <span className="tr-label">{t('trade.leverage')}</span>
        {fixedMode ? (
          <span className="tr-fixed">{t('trade.fixed_margin')}</span>
        ) : (
          <MultiplierPicker
            options={offeredLeverage(inst)}
            value={draft.leverage}
            onChange={(v) => change('leverage', { leverage: v })}
          />
        )}
        <FieldMessage id={`${formId}-leverage`} field="leverage" note={msgs.of('leverage')} />
      </div>

      <StopBox {...stopBox('profit')} />
      <StopBox {...stopBox('loss')} />

      <OrderSummary $preview={$preview} showStopProfit={draft.stopProfitOn} showStopLoss={draft.stopLossOn} />

      <FieldMessage id={`${formId}-form`} field="form" note={msgs.of('form')} />

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
        disabled={reason !== null || busy || overFree !== null}
      >
        <span>{t(sideKey)}</span>
        <LiveText className="tr-submit-price" $text={$sidePrice} field="submit-price" box />
      </button>

      <ConfirmDialog
        open={confirming !== null}
        titleKey="trade.confirm_title"
        messageKey="trade.confirm_market"
        tone={confirming?.side === 2 ? 'down' : 'up'}
        messageParams={{ side: t(sideKey), lots: lotsText(confirming?.lots, inst.Pip), code: inst.ShowCode }}
        confirmKey={sideKey}
        onConfirm={() => placeHeld(confirming, setConfirming)}
        onCancel={() => setConfirming(null)}
      >
        {/* The price the market order goes at, live while the trader decides (a buy the ask, a sell the bid). */}
        <p className="tr-confirm-price">
          <span>{t(side === 1 ? 'trade.confirm_at_ask' : 'trade.confirm_at_bid')}</span>
          <LiveText className="tw-num" $text={$sidePrice} field="confirm-price" />
        </p>
      </ConfirmDialog>

      <AppropriatenessSheet
        open={asking !== null}
        onClose={() => setAsking(null)}
        onCleared={() => placeHeld(asking, setAsking)}
      />

      {/* The success popup after an order is placed, linking to the holding orders. */}
      {placed ? (
        <Overlay className="dialog-layer" onClose={closePlaced}>
          <div className="dialog tr-modal" role="dialog" aria-modal="true" aria-labelledby="tr-placed-title">
            <span className="tr-modal-icon">
              <Icon icon={ICON_CHECK} size={28} />
            </span>
            <h2 id="tr-placed-title" className="tr-modal-title">
              {t(placed.Status === 0 ? 'trade.placed_pending_title' : 'trade.placed_title')}
            </h2>
            <p className="tr-modal-text">{placedText(t, placed, placed.OrderType)}</p>
            <ActionPair
              className="dialog__actions"
              onBack={closePlaced}
              backKey="trade.continue"
              actionKey="trade.view_orders"
              action="view-orders"
              onAction={() => {
                setPlaced(null);
                afterPress(null, () => navigateTo('/order?type=1'));
              }}
            />
          </div>
        </Overlay>
      ) : null}
    </form>
  );
}
