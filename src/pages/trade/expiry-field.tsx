// A pending order's expiry (issue 35): good till cancelled, the end of today, or the end of a date — days in UTC, as
// the server keeps them (server/engine/pending-expiry.ts). The date field shows only for "Date"; its message under it.
import { useId, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { describedBy, FieldMessage } from '../../components/forms/field-message.tsx';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import type { ExpiryMode } from './order-draft.ts';

const MODES = [
  { value: 'gtc' as const, labelKey: 'trade.expiry_gtc' },
  { value: 'day' as const, labelKey: 'trade.expiry_day' },
  { value: 'date' as const, labelKey: 'trade.expiry_date' },
];

export interface ExpiryFieldProps {
  mode: ExpiryMode;
  date: string;
  /** Today in UTC (YYYY-MM-DD): the earliest date the picker offers. */
  today: string;
  note: FieldNote | null;
  onMode: (mode: ExpiryMode) => void;
  onDate: (date: string) => void;
}

export function ExpiryField({ mode, date, today, note, onMode, onDate }: ExpiryFieldProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="tr-expiry" data-expiry-mode={mode}>
      <span className="tr-label">{t('trade.expiry')}</span>
      <Segmented role="listbox" labelKey="trade.expiry" options={MODES} value={mode} onChange={onMode} className="segmented tr-expiry__modes" dataName="expiry" />
      {mode === 'date' ? (
        <input
          type="date"
          className="tr-input tw-num"
          data-field="expiry-date"
          aria-label={t('trade.expiry_date')}
          min={today}
          value={date}
          onChange={(e) => onDate(e.currentTarget.value)}
          {...describedBy(id, note)}
        />
      ) : null}
      <FieldMessage id={id} field="expiry" note={note} />
    </div>
  );
}
