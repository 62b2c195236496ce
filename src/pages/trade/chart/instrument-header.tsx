// Price and change are signal text nodes; colour, stale and closed state flip data attributes.
import { shownCode } from '../../../components/instrument/instrument-code.tsx';
import { useMemo, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Show } from '@preact/signals-react/utils';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Icon } from '../../../components/icons/icons.tsx';
import { LiveText } from '../../../components/text/live-text.tsx';
import { ConnBadge } from '../../../components/status/conn-badge.tsx';
import { InstrumentLogo } from '../../../components/instrument/instrument-logo.tsx';
import { rowSignals } from '../../../state/market/row-signals.ts';
import { ClosedLabel } from '../../../components/instrument/closed-label.tsx';
import { StaleTag } from '../../../components/instrument/stale-tag.tsx';
import { useQuoteAttributes } from '../../../components/instrument/use-quote-attributes.ts';
import { WatchStar } from '../../../components/instrument/watch-star.tsx';
import type { Instrument } from '../../../../domain/types.ts';
import { openAlertSheet } from '../../../state/alerts/alert-sheet.ts';
import { $alerts } from '../../../state/alerts/price-alerts.ts';
import './alert-bell.css';
import { ICON_BELL, ICON_CHEVRON } from '../../../components/icons/screen-icons.ts';
import './instrument-header.css';
import './per-update.css';

// Marked while the instrument has an alert waiting; a visitor is sent to sign in first.
export function AlertBell({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const waiting = $alerts.value?.alerts.some((a) => a.instrumentId === inst.Id && a.status === 'active') ?? false;
  return (
    <button
      type="button"
      className="al-bell"
      aria-haspopup="dialog"
      aria-label={t('alerts.open_for', { code: inst.ShowCode })}
      data-active={waiting ? 'true' : undefined}
      data-testid="alert-bell"
      onClick={() => openAlertSheet(inst)}
    >
      <Icon icon={ICON_BELL} size={20} />
    </button>
  );
}

export function InstrumentHeader({ inst, onOpenList }: { inst: Instrument; onOpenList: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const s = useMemo(() => rowSignals(inst), [inst]);
  const ref = useQuoteAttributes<HTMLDivElement>(s);

  return (
    // data-dir/-stale/-open are the binding's (useQuoteAttributes), and index.html's inline paint sets them first.
    <div ref={ref} className="tr-head" data-code={inst.Code} suppressHydrationWarning>
      <button type="button" className="tr-inst" onClick={onOpenList} aria-haspopup="dialog">
        <InstrumentLogo src={inst.Logo} label={inst.ShowCode} size={30} />
        <span className="tr-code">{shownCode(t, inst.Code, inst.ShowCode)}</span>
        {/* The name starts with the visible code (WCAG 2.5.3, label in name), then says what a tap does. */}
        <span className="visually-hidden">{t('trade.switch_instrument')}</span>
        <Icon icon={ICON_CHEVRON} size={16} className="tr-caret" />
      </button>
      <WatchStar inst={inst} />
      <AlertBell inst={inst} />
      <ConnBadge compact />
      <div className="tr-quote">
        <LiveText className="tr-price tw-num" $text={s.$price} box />
        <span className="tr-change tw-num">
          <Show when={s.$open} fallback={<ClosedLabel className="tr-closed" q={s.q} />}>
            <LiveText $text={s.$change} box />
          </Show>
        </span>
        <StaleTag className="tr-stale" q={s.q} />
      </div>
    </div>
  );
}
