// Days in UTC, as the server keeps them (server/engine/pending-expiry.ts).
import type { ReactElement } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import { ModeField } from './mode-field.tsx';
import type { ExpiryMode } from './order-draft.ts';

const MODES: readonly ExpiryMode[] = ['gtc', 'day', 'date'];

export interface ExpiryFieldProps {
  mode: ExpiryMode;
  date: string;
  /** The earliest date the picker offers. */
  today: string;
  note: FieldNote | null;
  onMode: (mode: ExpiryMode) => void;
  onDate: (date: string) => void;
}

export function ExpiryField({ mode, date, today, note, onMode, onDate }: ExpiryFieldProps): ReactElement {
  const { t } = useTranslation();
  return (
    <ModeField name="expiry" labelKey="trade.expiry" modes={MODES} mode={mode} note={note} onMode={onMode}>
      {(aria) =>
        mode === 'date' ? (
          <input
            type="date"
            className="tr-input tw-num"
            data-field="expiry-date"
            aria-label={t('trade.expiry_date')}
            min={today}
            value={date}
            onChange={(e) => onDate(e.currentTarget.value)}
            {...aria}
          />
        ) : null
      }
    </ModeField>
  );
}
