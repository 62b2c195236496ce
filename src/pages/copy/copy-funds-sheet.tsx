// Checked as typed by the routes' rule (domain/amount-input.ts); the server refuses a short wallet or copy.
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyItem } from '../../../domain/copy-types.ts';
import { exactText } from '../../../domain/decimal.ts';
import { parseAmount, USD_AMOUNT } from '../../../domain/amount-input.ts';
import { addToCopy, withdrawFromCopy } from '../../api/copy.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { toast } from '../../state/shell/toasts.ts';

const AMOUNT_PARAMS = { places: String(USD_AMOUNT.places), max: USD_AMOUNT.max };

export type FundsMode = 'add' | 'withdraw';

interface Props {
  copy: CopyItem;
  mode: FundsMode;
  wallet: string | null;
  onClose: () => void;
  onDone: () => void;
}

export function CopyFundsSheet({ copy, mode, wallet, onClose, onDone }: Props): ReactElement {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState(false); // errors show once confirm was pressed, then follow the typing
  const [busy, setBusy] = useState(false);
  const a = parseAmount(amount, USD_AMOUNT);

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setShown(true);
    if (!a.ok) return;
    setBusy(true);
    try {
      await (mode === 'add' ? addToCopy : withdrawFromCopy)(copy.id, exactText(a.value));
      toast(t(mode === 'add' ? 'copy.funds_added' : 'copy.funds_withdrawn'));
      onDone();
    } catch {
      // The API client shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet open onClose={onClose} titleKey={mode === 'add' ? 'copy.add_title' : 'copy.withdraw_title'}>
      <form className="copy-sheet" onSubmit={(e) => void confirm(e)} noValidate data-testid="copy-funds-sheet">
        <p className="copy-sheet__fee">
          <bdi>{copy.provider_name}</bdi>
        </p>
        <dl className="copy-facts copy-summary">
          {mode === 'add' ? (
            <DefRow labelKey="copy.wallet" field="funds-wallet">
              <Num>{formatMoney(wallet)}</Num>
            </DefRow>
          ) : null}
          <DefRow labelKey="copy.equity" field="funds-equity">
            <Num>{formatMoney(copy.equity)}</Num>
          </DefRow>
        </dl>
        <Field
          labelKey="copy.amount"
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          name="funds_amount"
          errorKey={shown && !a.ok ? `errors.${a.error}` : null}
          errorParams={AMOUNT_PARAMS}
        />
        <p className="copy-sheet__fee">{t(mode === 'add' ? 'copy.add_note' : 'copy.withdraw_note')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="copy-funds-confirm">
          {t(mode === 'add' ? 'copy.add_funds' : 'copy.withdraw_funds')}
        </button>
      </form>
    </BottomSheet>
  );
}
