// Live text nodes: a new preview rewrites them without a React render.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { computed, effect, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LiveText } from '../../../components/text/live-text.tsx';
import { DefRow } from '../../../components/text/def-row.tsx';
import { NO_VALUE } from '../../../../domain/format/money-text.ts';
import { formatMoney, formatPnl } from '../../../i18n/format.ts';
import type { OrderPreview } from '../../../../workers/protocol.ts';
import '../pnl.css';
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
      margin: computed(() => formatMoney(ok.value?.margin, { missing: NO_VALUE }), { name: 'order-summary.margin' }),
      fee: computed(() => formatMoney(ok.value?.fee, { missing: NO_VALUE }), { name: 'order-summary.fee' }),
      pnlSp: computed(() => formatPnl(ok.value?.pnlAtStopProfit, { missing: NO_VALUE }), {
        name: 'order-summary.pnlSp',
      }),
      pnlSl: computed(() => formatPnl(ok.value?.pnlAtStopLoss, { missing: NO_VALUE }), { name: 'order-summary.pnlSl' }),
      spSign: computed(() => sign(ok.value?.pnlAtStopProfit), { name: 'order-summary.spSign' }),
      slSign: computed(() => sign(ok.value?.pnlAtStopLoss), { name: 'order-summary.slSign' }),
    };
  }, [$preview]);
  return (
    <dl className="tr-summary">
      <DefRow className="tr-summary-row" labelKey="trade.margin" valueClass="tw-num" field="margin">
        <LiveText $text={text.margin} box /> <span className="tr-unit">{t('trade.usd')}</span>
      </DefRow>
      <DefRow className="tr-summary-row" labelKey="trade.fee" valueClass="tw-num" field="fee">
        <LiveText $text={text.fee} box /> <span className="tr-unit">{t('trade.usd')}</span>
      </DefRow>
      {showStopProfit ? (
        <PnlRow labelKey="trade.pnl_at_stop_profit" field="pnl-sp" $text={text.pnlSp} $sign={text.spSign} />
      ) : null}
      {showStopLoss ? (
        <PnlRow labelKey="trade.pnl_at_stop_loss" field="pnl-sl" $text={text.pnlSl} $sign={text.slSign} />
      ) : null}
    </dl>
  );
}

interface PnlRowProps {
  labelKey: string;
  field: string;
  $text: ReadonlySignal<string>;
  $sign: ReadonlySignal<'up' | 'down' | 'flat'>;
}

/** Its colour is an attribute an effect writes: an attribute write costs style work even with the same value. */
function PnlRow({ labelKey, field, $text, $sign }: PnlRowProps) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(
    () =>
      effect(() => {
        if (ref.current) ref.current.dataset.dir = $sign.value;
      }),
    [$sign],
  );
  return (
    <DefRow className="tr-summary-row" labelKey={labelKey} valueClass="tw-num tr-pnl" field={field} valueRef={ref}>
      <LiveText $text={$text} box />
    </DefRow>
  );
}
