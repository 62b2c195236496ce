// In USD or risk mode the lots follow the typed amount (order-draft.ts `sized`); the lots are always what is sent.
import type { ReactElement } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { NumberInput } from '../../../components/forms/number-input.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import { ModeField } from './mode-field.tsx';
import type { SizeMode } from './order-draft.ts';

const MODES: readonly SizeMode[] = ['lots', 'usd', 'risk'];

export interface SizeFieldProps {
  mode: SizeMode;
  value: string;
  note: FieldNote | null;
  onMode: (mode: SizeMode) => void;
  onValue: (value: string) => void;
}

export function SizeField({ mode, value, note, onMode, onValue }: SizeFieldProps): ReactElement {
  const { t } = useTranslation();
  const label = t(mode === 'risk' ? 'trade.size_risk_label' : 'trade.size_usd_label');
  return (
    <ModeField name="size" labelKey="trade.size_by" modes={MODES} mode={mode} note={note} onMode={onMode}>
      {(aria) =>
        mode === 'lots' ? null : (
          <label className="tr-size__amount">
            <span className="tr-label">{label}</span>
            <NumberInput
              className="tr-input tw-num"
              data-field="size-value"
              aria-label={label}
              value={value}
              onChange={onValue}
              {...aria}
            />
          </label>
        )
      }
    </ModeField>
  );
}
