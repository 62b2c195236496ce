// The provider comes from the list of the caller's world, so a trader of the other world is not found.
import { useEffect, useState, type ReactElement, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProvider } from '../../../domain/copy-types.ts';
import { copyProviders, startCopy } from '../../api/copy.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useNavigate } from 'react-router-dom';
import { exactText } from '../../../domain/decimal.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import { parseCopyAmount, parseMultiplier, parseStopLoss } from '../../../domain/copy-input.ts';
import { stopLossLevel } from '../../../domain/copy-maths.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { CheckRow, CopyFacts, EquityCurve, RiskBadge } from './copy-facts.tsx';
import './copy.css';

// Each field checked as typed by the start route's rule (domain/copy-input.ts); demo accounts copy demo traders.
function FollowSheet(p: { provider: CopyProvider; open: boolean; onClose: () => void }): ReactElement {
  const { provider, onClose } = p;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [multiplier, setMultiplier] = useState('1');
  const [stopLoss, setStopLoss] = useState('40');
  const [copyOpen, setCopyOpen] = useState(false);
  const [shown, setShown] = useState(false); // errors show once confirm was pressed, then follow the typing
  const { busy, during } = useBusy();

  const a = parseCopyAmount(amount, provider.min_amount);
  const m = parseMultiplier(multiplier);
  const s = parseStopLoss(stopLoss);
  const min = formatMoney(provider.min_amount);
  const level = a.ok && s.ok ? formatMoney(stopLossLevel(a.value, s.value).toString()) : '--';

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setShown(true);
    if (!a.ok || !m.ok || !s.ok) return;
    await during(async () => {
      await startCopy({
        providerId: provider.provider_id,
        amount: exactText(a.value),
        multiplier: m.value,
        stopLoss: s.value,
        copyOpen,
      });
      toast(t('copy.started'));
      onClose();
      void navigate('/copy?view=mine');
    });
  };

  return (
    <BottomSheet open={p.open} onClose={onClose} titleKey="copy.sheet_title">
      <form className="copy-sheet" onSubmit={(e) => void confirm(e)} noValidate data-testid="copy-sheet">
        <Field
          labelKey="copy.amount"
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          name="amount"
          placeholderKey="copy.amount_placeholder"
          placeholderParams={{ min }}
          note={shown && !a.ok ? { key: `errors.${a.error}`, params: { min } } : null}
        />
        <Field
          labelKey="copy.multiplier"
          value={multiplier}
          onChange={setMultiplier}
          inputMode="decimal"
          name="multiplier"
          hintKey="copy.multiplier_hint"
          note={shown && !m.ok ? { key: `errors.${m.error}` } : null}
        />
        <Field
          labelKey="copy.stop_loss"
          value={stopLoss}
          onChange={setStopLoss}
          inputMode="numeric"
          name="stop_loss"
          hintKey="copy.stop_loss_hint"
          note={shown && !s.ok ? { key: `errors.${s.error}` } : null}
        />
        <CheckRow
          name="copy_open"
          checked={copyOpen}
          onChange={setCopyOpen}
          labelKey="copy.copy_open"
          hintKey="copy.copy_open_hint"
        />
        <CopyFacts
          className="copy-facts copy-summary"
          facts={[
            ['copy.fee', 'fee', `${provider.fee_percent}%`],
            ['copy.min_amount', 'min', min],
            ['copy.stop_level', 'stop-level', level],
          ]}
        />
        <p className="copy-sheet__fee">{t('copy.fee_rule', { fee: String(provider.fee_percent) })}</p>
        <p className="copy-sheet__risk" role="note" data-field="risk">
          {t('copy.risk_line')}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="copy-confirm">
          {t('copy.confirm')}
        </button>
      </form>
    </BottomSheet>
  );
}

export function ProviderPage(): ReactElement {
  const { t } = useTranslation();
  const id = useIdQuery();
  const [provider, setProvider] = useState<CopyProvider | null | undefined>(undefined);
  const [sheet, setSheet] = useState(false);
  const lang = useContentLanguage(); // the house's traders are described in the reader's language
  useEffect(() => {
    if (id !== null)
      copyProviders().then(
        (list) => setProvider(list.find((p) => p.provider_id === id) ?? null),
        () => setProvider(null),
      );
  }, [id, lang]);

  const body = (): ReactElement => {
    if (id === null || provider === null) {
      return <MissingQuery textKey="copy.not_found" to="/copy" linkKey="copy.traders" />;
    }
    if (provider === undefined) return <Spinner size={18} />;
    return (
      <>
        <section className="copy-card" data-testid="copy-provider">
          <h2 className="copy-card__name">
            <bdi>{provider.name}</bdi>
          </h2>
          {provider.description ? (
            <p className="copy-card__desc" dir="auto">
              {provider.description}
            </p>
          ) : null}
          <EquityCurve curve={provider.curve} className="copy-curve--large" />
          <CopyFacts
            facts={[
              ['copy.return_30d', 'return-30d', `${provider.return_30d}%`],
              ['copy.return_all', 'return-all', `${provider.return_all}%`],
              ['copy.drawdown', 'drawdown', `${provider.max_drawdown}%`],
              ['copy.risk', 'risk', <RiskBadge key="risk" score={provider.risk_score} />],
              // Without a closed trade there is no rate: 0% would read as every trade lost.
              ['copy.win_rate', 'win-rate', provider.trades === 0 ? <>{NO_VALUE}</> : `${provider.win_rate}%`],
              ['copy.trades', 'trades', provider.trades],
              ['copy.copiers', 'copiers', provider.copiers],
              ['copy.track_record', 'days', <>{t('copy.days_n', { n: String(provider.days) })}</>],
              ['copy.min_amount', 'min-amount', formatMoney(provider.min_amount)],
            ]}
          />
          <p className="copy-card__fee" data-field="fee-rule">
            {t('copy.fee_rule', { fee: String(provider.fee_percent) })}
          </p>
          <p className="copy-card__note muted">{t('copy.stats_note')}</p>
        </section>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="copy-open"
          onClick={() => setSheet(true)}
        >
          {t('copy.copy_button')}
        </button>
        <FollowSheet provider={provider} open={sheet} onClose={() => setSheet(false)} />
      </>
    );
  };

  return (
    <div className="page copy-page">
      <TitleBar titleKey="page.copy_provider" back="/copy" />
      <div className="page-body">{body()}</div>
    </div>
  );
}
