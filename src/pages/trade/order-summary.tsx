// Pre-trade summary: margin, handling fee and the P&L at stop-profit / stop-loss, as live text nodes (LiveText):
// a new preview rewrites them without a React render.
import { useLayoutEffect, useMemo, useRef, type ReactElement, type ReactNode, type RefObject } from 'react';
import { computed, effect, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { LiveText } from '../../components/text/live-text.tsx';
import { amountText, pnlText } from '../order/order-format.ts';
import type { OrderPreview } from '../../../workers/protocol.ts';
import './pnl.css';
import './order-summary.css';

export interface OrderSummaryProps {
  $preview: Signal<OrderPreview | null>;
  showStopProfit: boolean;
  showStopLoss: boolean;
}

function sign(v: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!v || !/[1-9]/.test(v)) return 'flat';
  return v.startsWith('-') ? 'down' : 'up';
}

export function OrderSummary({ $preview, showStopProfit, showStopLoss }: OrderSummaryProps) {
  useSignals();
  const { t } = useTranslation();
  const text = useMemo(() => {
    const ok = computed(() => ($preview.value?.ok ? $preview.value : null), { name: 'order-summary.ok' });
    return {
      margin: computed(() => amountText(ok.value?.margin), { name: 'order-summary.margin' }),
      fee: computed(() => amountText(ok.value?.fee), { name: 'order-summary.fee' }),
      pnlSp: computed(() => pnlText(ok.value?.pnlAtStopProfit), { name: 'order-summary.pnlSp' }),
      pnlSl: computed(() => pnlText(ok.value?.pnlAtStopLoss), { name: 'order-summary.pnlSl' }),
      spSign: computed(() => sign(ok.value?.pnlAtStopProfit), { name: 'order-summary.spSign' }),
      slSign: computed(() => sign(ok.value?.pnlAtStopLoss), { name: 'order-summary.slSign' }),
    };
  }, [$preview]);
  const spRef = useRef<HTMLElement>(null);
  const slRef = useRef<HTMLElement>(null);

  useLayoutEffect(
    () =>
      effect(() => {
        if (spRef.current) spRef.current.dataset.dir = text.spSign.value;
        if (slRef.current) slRef.current.dataset.dir = text.slSign.value;
      }),
    [text, showStopProfit, showStopLoss],
  );

  return (
    <dl className="tr-summary">
      <SummaryRow labelKey="trade.margin" field="margin">
        <LiveText $text={text.margin} /> <span className="tr-unit">{t('trade.usd')}</span>
      </SummaryRow>
      <SummaryRow labelKey="trade.fee" field="fee">
        <LiveText $text={text.fee} /> <span className="tr-unit">{t('trade.usd')}</span>
      </SummaryRow>
      {showStopProfit ? (
        <SummaryRow labelKey="trade.pnl_at_stop_profit" field="pnl-sp" pnlRef={spRef}>
          <LiveText $text={text.pnlSp} />
        </SummaryRow>
      ) : null}
      {showStopLoss ? (
        <SummaryRow labelKey="trade.pnl_at_stop_loss" field="pnl-sl" pnlRef={slRef}>
          <LiveText $text={text.pnlSl} />
        </SummaryRow>
      ) : null}
    </dl>
  );
}

interface SummaryRowProps {
  labelKey: string;
  field: string;
  /** A P&L figure: its cell carries the sign (data-dir) the effect above keeps in step. */
  pnlRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** One figure of the summary: its name, then its value in tabular numerals. */
function SummaryRow({ labelKey, field, pnlRef, children }: SummaryRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="tr-summary-row">
      <dt>{t(labelKey)}</dt>
      <dd className={pnlRef ? 'tw-num tr-pnl' : 'tw-num'} data-field={field} ref={pnlRef}>
        {children}
      </dd>
    </div>
  );
}
