// Before a real account's first order (docs/retail-protection.md "Appropriateness"); the server records "I understand".
import { useEffect, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../../../state/account/session.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { BottomSheet } from '../../../components/overlays/bottom-sheet.tsx';
import { Segmented } from '../../../components/forms/segmented.tsx';
import { QUESTIONS } from '../../../../domain/retail.ts';
import { acknowledgeRisk, answerQuestionnaire } from '../../../api/retail.ts';
import { loadRetailTerms } from '../../../state/account/retail.ts';
import { useBusy } from '../../../components/forms/use-form-submit.ts';
import './appropriateness-sheet.css';

export interface AppropriatenessSheetProps {
  open: boolean;
  onClose: () => void;
  /** Passed, or failed and acknowledged. */
  onCleared: () => void;
}

export function AppropriatenessSheet({ open, onClose, onCleared }: AppropriatenessSheetProps): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const { busy, during } = useBusy();
  const complete = QUESTIONS.every((q) => answers[q.key] !== undefined);
  // Mounted with the order form: the account's terms (offered leverage, questionnaire) are read once signed in.
  const signedIn = $loggedIn.value;
  useEffect(() => {
    if (signedIn) void loadRetailTerms();
  }, [signedIn]);

  const cleared = async (): Promise<void> => {
    await loadRetailTerms();
    onCleared();
  };
  const send = (): Promise<void> =>
    during(async () => {
      if ((await answerQuestionnaire(answers)).passed) await cleared();
      else setFailed(true);
    });
  const understand = (): Promise<void> =>
    during(async () => {
      await acknowledgeRisk();
      await cleared();
    });

  return (
    <BottomSheet open={open} onClose={onClose} titleKey="retail.q_title">
      <div className="aq" data-testid="appropriateness">
        {failed ? (
          <>
            <p className="aq-failed" role="alert">
              {t('retail.q_failed')}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              data-action="understand"
              disabled={busy}
              onClick={() => void understand()}
            >
              {t('retail.q_understand')}
            </button>
          </>
        ) : (
          <>
            <p className="aq-intro">{t('retail.q_intro')}</p>
            {QUESTIONS.map((q) => (
              <fieldset key={q.key} className="aq-question" data-question={q.key}>
                <legend>{t(`retail.q_${q.key}`)}</legend>
                <Segmented
                  options={q.options.map((o) => ({ value: o, labelKey: `retail.a_${q.key}_${o}` }))}
                  value={answers[q.key] ?? null}
                  onChange={(v) => setAnswers({ ...answers, [q.key]: v })}
                  labelKey={`retail.q_${q.key}`}
                  role="radiogroup"
                  className="aq-options"
                  itemClassName="aq-option"
                  dataName="answer"
                />
              </fieldset>
            ))}
            <button
              type="button"
              className="btn btn-primary btn-block"
              data-action="send-answers"
              disabled={!complete || busy}
              onClick={() => void send()}
            >
              {t('retail.q_submit')}
            </button>
          </>
        )}
      </div>
    </BottomSheet>
  );
}
