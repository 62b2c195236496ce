// What the coin and the bank halves of /mine/charge share.
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AmountRule } from '../../../domain/amount-input.ts';
import { useFormMessage } from '../../components/forms/use-form-message.ts';
import { toast } from '../../state/shell/toasts.ts';
import { amountProblem } from './amount-check.ts';
import { ProofPicker } from './proof-picker.tsx';
import { useBusy } from '../../components/forms/use-form-submit.ts';

export function useChargeForm(onSubmitted: () => void) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const { message: error, setMessage: setError, clearing } = useFormMessage();
  const { during } = useBusy();
  /** `emptyKey` when no amount is typed. */
  const send = async (
    rule: AmountRule,
    emptyKey: string,
    post: (number: string, proofImg: string) => Promise<{ msg: string }>,
  ): Promise<void> => {
    const problem = amountProblem(t, amount, rule, emptyKey) ?? (proof ? null : t('errors.proof_required'));
    setError(problem);
    if (problem || !proof) return;
    await during(async () => {
      toast((await post(amount.trim(), proof)).msg);
      setAmount('');
      setProof(null);
      onSubmitted();
    });
  };
  return { amount, setAmount: clearing(setAmount), proof, setProof: clearing(setProof), error, send };
}

export function ChargeFoot({ form }: { form: ReturnType<typeof useChargeForm> }): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      <ProofPicker labelKey="wallet.proof" value={form.proof} onChange={form.setProof} testId="proof" />
      {form.error ? (
        <p className="mw-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" data-testid="charge-submit">
        {t('common.confirm')}
      </button>
    </>
  );
}
