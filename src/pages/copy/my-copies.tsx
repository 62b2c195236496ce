// "My copies" (/copy?view=mine); polled every second while shown, so a trader's open or close shows here at once.
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyItem, CopyPosition } from '../../../domain/copy-types.ts';
import { balance } from '../../api/account.ts';
import { myCopies, pauseCopy, stopCopy } from '../../api/copy.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney, formatPnl } from '../../i18n/format.ts';
import { browserTimers } from '../../state/shell/clock.ts';
import { toast } from '../../state/shell/toasts.ts';
import { copyEvents, type CopyEvent } from './copy-activity.ts';
import { CopyFundsSheet, type FundsMode } from './copy-funds-sheet.tsx';
import { BecomeProvider, ProviderSelf, useProviderSelf } from './provider-self.tsx';
import { CheckRow } from './check-row.tsx';

const POLL_MS = 1000;
const EVENTS_KEPT = 8;
const STATUS_KEY: Record<number, string> = {
  1: 'copy.status_active',
  2: 'copy.status_paused',
  3: 'copy.status_stopped',
};

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

  const stop = async (copy: CopyItem): Promise<void> => {
    setStopping(null);
    try {
      await stopCopy(copy.id, keep);
      toast(t(keep ? 'copy.stopped_kept' : 'copy.stopped'));
      await load();
    } catch {
      // the API client shows the server's message
    }
  };

  const pause = async (copy: CopyItem): Promise<void> => {
    const paused = copy.status === 1;
    try {
      await pauseCopy(copy.id, paused);
      toast(t(paused ? 'copy.paused' : 'copy.resumed'));
      await load();
    } catch {
      // the API client shows the server's message
    }
  };

  if (copies === null) return <Spinner size={18} />;
  return (
    <div className="my-copies">
      {provider.self?.published === 1 ? <ProviderSelf self={provider.self} onPublished={provider.reload} /> : null}
      <dl className="copy-facts copy-wallet">
        <DefRow labelKey="copy.wallet" field="wallet">
          <Num>{formatMoney(wallet)}</Num>
        </DefRow>
      </dl>
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

type T = ReturnType<typeof useTranslation>['t'];

function eventText(t: T, e: CopyEvent): string {
  return t(`copy.event_${e.kind}`, { provider: e.provider, code: e.code, lots: e.lots });
}

interface CardProps {
  copy: CopyItem;
  onStop: () => void;
  onPause: () => void;
  onFunds: (mode: FundsMode) => void;
}

function CopyCard({ copy, onStop, onPause, onFunds }: CardProps): ReactElement {
  const { t } = useTranslation();
  const running = copy.status !== 3;
  return (
    <article className="copy-card" data-copy={copy.id} data-status={copy.status}>
      <header className="copy-card__head">
        <h2 className="copy-card__name">
          <bdi>{copy.provider_name}</bdi>
        </h2>
        <span className="copy-card__status" data-field="status">
          {t(STATUS_KEY[copy.status] ?? 'copy.status_stopped')}
        </span>
      </header>
      {copy.end_reason === 'copy_stop_loss' ? <p className="copy-card__note">{t('copy.ended_stop_loss')}</p> : null}
      {copy.end_reason === 'kept' ? <p className="copy-card__note">{t('copy.ended_kept')}</p> : null}
      <dl className="copy-facts">
        <DefRow labelKey="copy.invested" field="invested">
          <Num>{formatMoney(copy.invested)}</Num>
        </DefRow>
        {running ? (
          <DefRow labelKey="copy.equity" field="equity">
            <Num>{formatMoney(copy.equity)}</Num>
          </DefRow>
        ) : null}
        <DefRow labelKey="copy.pnl" field="pnl" valueClass={copy.pnl.startsWith('-') ? 'down' : 'up'}>
          <Num>{formatPnl(copy.pnl)}</Num>
        </DefRow>
        <DefRow labelKey="copy.fees_paid" field="fees-paid">
          <Num>{formatMoney(copy.fees_paid)}</Num>
        </DefRow>
        <DefRow labelKey="copy.settings" field="settings">
          {t('copy.settings_text', { multiplier: copy.multiplier, percent: String(copy.stop_loss_percent) })}
        </DefRow>
      </dl>
      {running ? (
        <>
          <h3 className="copy-card__sub">{t('copy.positions')}</h3>
          {copy.open_positions.length === 0 ? <p className="muted">{t('copy.no_positions')}</p> : null}
          <ul className="copy-positions" data-testid="copy-positions">
            {copy.open_positions.map((p) => (
              <PositionRow key={p.id} p={p} provider={copy.provider_name} />
            ))}
          </ul>
          {copy.status === 2 ? <p className="copy-card__note">{t('copy.paused_note')}</p> : null}
          <div className="copy-card__actions">
            <button type="button" className="btn btn-outline" data-testid="copy-pause" onClick={onPause}>
              {t(copy.status === 1 ? 'copy.pause' : 'copy.resume')}
            </button>
            <button type="button" className="btn btn-outline" data-testid="copy-add" onClick={() => onFunds('add')}>
              {t('copy.add_funds')}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              data-testid="copy-withdraw"
              onClick={() => onFunds('withdraw')}
            >
              {t('copy.withdraw_funds')}
            </button>
            <button type="button" className="btn btn-outline" data-testid="copy-stop" onClick={onStop}>
              {t('copy.stop')}
            </button>
          </div>
        </>
      ) : null}
    </article>
  );
}

function PositionRow({ p, provider }: { p: CopyPosition; provider: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <li className="copy-position" data-order={p.id} data-lots={p.lots}>
      <span className="copy-position__main">
        <Num>{p.code}</Num>{' '}
        <span className={p.side === 1 ? 'up' : 'down'}>{t(p.side === 1 ? 'copy.buy' : 'copy.sell')}</span>{' '}
        {t('copy.lots_n', { n: p.lots })}
      </span>
      <span className="copy-position__mark muted">
        {p.provider_price ? t('copy.copied_from', { provider }) : t('copy.unlinked')}
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
  );
}
