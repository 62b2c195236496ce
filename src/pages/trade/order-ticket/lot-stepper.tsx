// The minus is disabled when quantity − Pip ≤ 0 (docs/contract.md §5).
import { useTranslation } from '../../../i18n/use-translation.ts';
import { canStepDown, stepLots } from './order-draft.ts';
import { NumberInput } from '../../../components/forms/number-input.tsx';
import { describedBy } from '../../../components/forms/field-message.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import './lot-stepper.css';

export interface LotStepperProps {
  value: string;
  pip: string;
  onChange: (value: string) => void;
  /** Shown under the stepper by a FieldMessage with id `messageId`. */
  note?: FieldNote | null;
  messageId?: string;
}

export function LotStepper({ value, pip, onChange, note = null, messageId = '' }: LotStepperProps) {
  const { t } = useTranslation();
  const minusOk = canStepDown(value, pip);
  return (
    <div className="tr-stepper">
      <button
        type="button"
        className="tr-step"
        data-step="minus"
        aria-label={t('trade.lots_decrease')}
        disabled={!minusOk}
        onClick={() => onChange(stepLots(value, pip, -1))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {/* The text as typed: '-1' stays '-1' and the order check refuses it (never sent as 1 lot). */}
      <NumberInput
        className="tr-input tw-num"
        data-field="lots"
        aria-label={t('trade.lots')}
        value={value}
        onChange={onChange}
        {...describedBy(messageId, note)}
      />
      <button
        type="button"
        className="tr-step"
        data-step="plus"
        aria-label={t('trade.lots_increase')}
        onClick={() => onChange(stepLots(value, pip, 1))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
