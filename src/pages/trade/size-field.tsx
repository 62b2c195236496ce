// What the order is sized by (issue 35): lots, a notional in USD, or the % of equity lost at the stop. In USD or risk
// mode the amount is typed here and the lots below follow it (order-draft.ts `sized`); the lots are always shown and
// are what is sent. Typing lots goes back to sizing by lots.
import { useId, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { NumberInput } from '../../components/forms/number-input.tsx';
import { describedBy, FieldMessage } from '../../components/forms/field-message.tsx';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import type { SizeMode } from './order-draft.ts';

const MODES = [
  { value: 'lots' as const, labelKey: 'trade.size_lots' },
  { value: 'usd' as const, labelKey: 'trade.size_usd' },
  { value: 'risk' as const, labelKey: 'trade.size_risk' },
];

export interface SizeFieldProps {
  mode: SizeMode;
  value: string;
  note: FieldNote | null;
  onMode: (mode: SizeMode) => void;
  onValue: (value: string) => void;
}

export function SizeField({ mode, value, note, onMode, onValue }: SizeFieldProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const label = t(mode === 'risk' ? 'trade.size_risk_label' : 'trade.size_usd_label');
  return (
    <div className="tr-size" data-size-mode={mode}>
      <span className="tr-label">{t('trade.size_by')}</span>
      <Segmented role="listbox" labelKey="trade.size_by" options={MODES} value={mode} onChange={onMode} className="segmented tr-size__modes" dataName="size" />
      {mode === 'lots' ? null : (
        <label className="tr-size__amount">
          <span className="tr-label">{label}</span>
          <NumberInput className="tr-input tw-num" data-field="size-value" aria-label={label} value={value} onChange={onValue} {...describedBy(id, note)} />
        </label>
      )}
      <FieldMessage id={id} field="size" note={note} />
    </div>
  );
}
