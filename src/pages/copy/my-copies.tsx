// "My copies" (/copy?view=mine); polled every second while shown, so a trader's open or close shows here at once.
import { useCallback, useEffect, useRef, useState, type ReactElement, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from '../../i18n/index.ts';
import type { CopyItem } from '../../../domain/copy-types.ts';
import { balance } from '../../api/account.ts';
import { myCopies, pauseCopy, stopCopy, addToCopy, withdrawFromCopy } from '../../api/copy.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney, formatPnl } from '../../i18n/format.ts';
import { browserTimers } from '../../state/shell/clock.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { dec, exactText } from '../../../domain/decimal.ts';
import { parseAmount, USD_AMOUNT } from '../../../domain/amount-input.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { BecomeProvider, ProviderSelf, useProviderSelf } from './provider-self.tsx';
import { CheckRow, CopyFacts } from './copy-facts.tsx';

// Checked as typed by the routes' rule (domain/amount-input.ts); the server refuses a short wallet or copy.
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
  const { busy, during } = useBusy();
  const a = parseAmount(amount, USD_AMOUNT);

  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setShown(true);
    if (!a.ok) return;
    await during(async () => {
      await (mode === 'add' ? addToCopy : withdrawFromCopy)(copy.id, exactText(a.value));
      toast(t(mode === 'add' ? 'copy.funds_added' : 'copy.funds_withdrawn'));
      onDone();
    });
  };

  return (
    <BottomSheet open onClose={onClose} titleKey={mode === 'add' ? 'copy.add_title' : 'copy.withdraw_title'}>
      <form className="copy-sheet" onSubmit={(e) => void confirm(e)} noValidate data-testid="copy-funds-sheet">
        <p className="copy-sheet__fee">
          <bdi>{copy.provider_name}</bdi>
        </p>
        <CopyFacts
          className="copy-facts copy-summary"
          facts={[
            mode === 'add' && ['copy.wallet', 'funds-wallet', formatMoney(wallet)],
            ['copy.equity', 'funds-equity', formatMoney(copy.equity)],
          ]}
        />
        <Field
          labelKey="copy.amount"
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          name="funds_amount"
          note={shown && !a.ok ? { key: `errors.${a.error}`, params: AMOUNT_PARAMS } : null}
        />
        <p className="copy-sheet__fee">{t(mode === 'add' ? 'copy.add_note' : 'copy.withdraw_note')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="copy-funds-confirm">
          {t(mode === 'add' ? 'copy.add_funds' : 'copy.withdraw_funds')}
        </button>
      </form>
    </BottomSheet>
  );
}

// Told in every world, since a demo account gets no in-app notices from the server (docs/copy-trading.md "Screens").
export interface CopyEvent {
  kind: 'opened' | 'reduced' | 'closed';
  provider: string;
  code: string;
  lots: string;
}

/** None at the first poll (`before` null). */
export function copyEvents(before: readonly CopyItem[] | null, after: readonly CopyItem[]): CopyEvent[] {
  if (before === null) return [];
  const out: CopyEvent[] = [];
  for (const copy of after) {
    const was = new Map((before.find((b) => b.id === copy.id)?.open_positions ?? []).map((p) => [p.id, p]));
    const base = { provider: copy.provider_name };
    for (const p of copy.open_positions) {
      const old = was.get(p.id);
      was.delete(p.id);
      if (!old) out.push({ ...base, kind: 'opened', code: p.code, lots: p.lots });
      else if (dec(p.lots).lt(old.lots)) {
        out.push({ ...base, kind: 'reduced', code: p.code, lots: dec(old.lots).minus(p.lots).toString() });
      }
    }
    for (const gone of was.values()) out.push({ ...base, kind: 'closed', code: gone.code, lots: gone.lots });
  }
  return out;
}

const POLL_MS = 1000;
const EVENTS_KEPT = 8;
/** By status 1, 2, 3. */
const STATUS_KEYS = ['copy.status_active', 'copy.status_paused', 'copy.status_stopped'];

export function MyCopies(): ReactElement {
  const { t } = useTranslation();
  const [copies, setCopies] = useState<CopyItem[] | null>(null);
  const [wallet, setWallet] = useState<string | null>(null);
  const [events, setEvents] = useState<CopyEvent[]>([]);
  const [stopping, setStopping] = useState<CopyItem | null>(null);
  const [keep, setKeep] = useState(false);
  const [funds, setFunds] = useState<{ copy: CopyItem; mode: FundsMode } | null>(null);
  const last = useRef<CopyItem[] | null>(null);
  const provider = useProviderSelf();

  const load = useCallback(async (): Promise<void> => {
    const [list, money] = await Promise.all([myCopies(), balance({ toast: false })]);
    const fresh = copyEvents(last.current, list);
    last.current = list;
    setCopies(list);
    setWallet(money.balance);
    if (fresh.length > 0) {
      setEvents((old) => [...fresh.reverse(), ...old].slice(0, EVENTS_KEPT));
      for (const e of fresh) toast(eventText(t, e));
    }
  }, [t]);

  useEffect(() => {
    void load().catch(() => undefined);
    const id = browserTimers.setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => browserTimers.clearInterval(id);
  }, [load]);

  const { during } = useBusy();
  const stop = async (copy: CopyItem): Promise<void> => {
    setStopping(null);
    await during(async () => {
      await stopCopy(copy.id, keep);
      toast(t(keep ? 'copy.stopped_kept' : 'copy.stopped'));
      await load();
    });
  };

  const pause = (copy: CopyItem): Promise<void> =>
    during(async () => {
      const paused = copy.status === 1;
      await pauseCopy(copy.id, paused);
      toast(t(paused ? 'copy.paused' : 'copy.resumed'));
      await load();
    });

  if (copies === null) return <Spinner size={18} />;
  return (
    <div className="my-copies">
      {provider.self?.published === 1 ? <ProviderSelf self={provider.self} onPublished={provider.reload} /> : null}
      <CopyFacts className="copy-facts copy-wallet" facts={[['copy.wallet', 'wallet', formatMoney(wallet)]]} />
      {events.length > 0 ? (
        <section className="copy-activity" aria-live="polite">
          <h2 className="copy-activity__title">{t('copy.activity')}</h2>
          <ul data-testid="copy-activity">
            {events.map((e, i) => (
              <li key={`${events.length - i}`} data-kind={e.kind}>
                {eventText(t, e)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {copies.length === 0 ? <EmptyState textKey="copy.no_copies" hintKey="copy.no_copies_hint" /> : null}
      {copies.map((c) => (
        <CopyCard
          key={c.id}
          copy={c}
          onStop={() => {
            setKeep(false);
            setStopping(c);
          }}
          onPause={() => void pause(c)}
          onFunds={(mode) => setFunds({ copy: c, mode })}
        />
      ))}
      {provider.self?.published === 0 ? <BecomeProvider onPublished={provider.reload} /> : null}
      {funds ? (
        <CopyFundsSheet
          copy={funds.copy}
          mode={funds.mode}
          wallet={wallet}
          onClose={() => setFunds(null)}
          onDone={() => {
            setFunds(null);
            void load().catch(() => undefined);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={stopping !== null}
        titleKey="copy.stop_title"
        messageKey="copy.stop_confirm"
        messageParams={{ provider: stopping?.provider_name ?? '' }}
        confirmKey="copy.stop"
        danger
        onConfirm={() => stopping && void stop(stopping)}
        onCancel={() => setStopping(null)}
      >
        <CheckRow
          name="keep_positions"
          checked={keep}
          onChange={setKeep}
          labelKey="copy.keep_positions"
          className="copy-keep"
        />
      </ConfirmDialog>
    </div>
  );
}

function eventText(t: TFunction, e: CopyEvent): string {
  return t(`copy.event_${e.kind}`, { provider: e.provider, code: e.code, lots: e.lots });
}

function CopyCard(p: { copy: CopyItem; onStop: () => void; onPause: () => void; onFunds: (mode: FundsMode) => void }) {
  const { copy } = p;
  const { t } = useTranslation();
  const running = copy.status !== 3;
  return (
    <article className="copy-card" data-copy={copy.id} data-status={copy.status}>
      <header className="copy-card__head">
        <h2 className="copy-card__name">
          <bdi>{copy.provider_name}</bdi>
        </h2>
        <span className="copy-card__status" data-field="status">
          {t(STATUS_KEYS[copy.status - 1] ?? 'copy.status_stopped')}
        </span>
      </header>
      {copy.end_reason === 'copy_stop_loss' ? <p className="copy-card__note">{t('copy.ended_stop_loss')}</p> : null}
      {copy.end_reason === 'kept' ? <p className="copy-card__note">{t('copy.ended_kept')}</p> : null}
      <CopyFacts
        facts={[
          ['copy.invested', 'invested', formatMoney(copy.invested)],
          running && ['copy.equity', 'equity', formatMoney(copy.equity)],
          ['copy.pnl', 'pnl', formatPnl(copy.pnl), copy.pnl.startsWith('-') ? 'down' : 'up'],
          ['copy.fees_paid', 'fees-paid', formatMoney(copy.fees_paid)],
          [
            'copy.settings',
            'settings',
            <>{t('copy.settings_text', { multiplier: copy.multiplier, percent: String(copy.stop_loss_percent) })}</>,
          ],
        ]}
      />
      {running ? (
        <>
          <h3 className="copy-card__sub">{t('copy.positions')}</h3>
          {copy.open_positions.length === 0 ? <p className="muted">{t('copy.no_positions')}</p> : null}
          <ul className="copy-positions" data-testid="copy-positions">
            {copy.open_positions.map((p) => (
              <li key={p.id} className="copy-position" data-order={p.id} data-lots={p.lots}>
                <span className="copy-position__main">
                  <Num>{p.code}</Num>{' '}
                  <span className={p.side === 1 ? 'up' : 'down'}>{t(p.side === 1 ? 'copy.buy' : 'copy.sell')}</span>{' '}
                  {t('copy.lots_n', { n: p.lots })}
                </span>
                <span className="copy-position__mark muted">
                  {p.provider_price ? t('copy.copied_from', { provider: copy.provider_name }) : t('copy.unlinked')}
                </span>
                <span className="copy-position__prices">
                  {t('copy.your_entry')} <Num>{p.price}</Num>
                  {p.provider_price ? (
                    <>
                      {' · '}
                      {t('copy.provider_entry')} <Num>{p.provider_price}</Num>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {copy.status === 2 ? <p className="copy-card__note">{t('copy.paused_note')}</p> : null}
          <div className="copy-card__actions">
            {(
              [
                ['copy-pause', copy.status === 1 ? 'copy.pause' : 'copy.resume', p.onPause],
                ['copy-add', 'copy.add_funds', () => p.onFunds('add')],
                ['copy-withdraw', 'copy.withdraw_funds', () => p.onFunds('withdraw')],
                ['copy-stop', 'copy.stop', p.onStop],
              ] as const
            ).map(([testId, labelKey, onClick]) => (
              <button key={testId} type="button" className="btn btn-outline" data-testid={testId} onClick={onClick}>
                {t(labelKey)}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </article>
  );
}
