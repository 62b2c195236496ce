// /mine/bank-card-list and /mine/coin-address-list (docs/contract.md §2).
import { useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { deletePayoutMethod, payoutMethods } from '../../api/wallet.ts';
import { needsSecondFactor } from '../../api/security.ts';
import { formatDate } from '../../i18n/format.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import type { WithdrawMethod } from '../../../domain/wallet-types.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { submitHandler } from '../../components/forms/submit-handler.ts';
import '../../components/icons/icon-button.css';
import './money.css';
import { Num } from '../../components/text/num.tsx';
import { ICON_PLUS, ICON_TRASH } from '../../components/icons/screen-icons.ts';

// Swipe to reveal delete (docs/contract.md §2 "swipe delete"); wide screens and keyboards get the button at once.
const REVEAL = 84; // px: the delete button's width
const SNAP = 40; // further than this opens it

function SwipeRow(p: { children: ReactNode; onDelete: () => void; testId: string }): ReactElement {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; y: number; base: number } | null>(null);
  return (
    <div className="mw-swipe" data-testid={p.testId} data-open={offset === -REVEAL} data-moved={offset !== 0}>
      <button type="button" className="mw-swipe__delete" onClick={p.onDelete} aria-label={t('wallet.delete')}>
        <Icon icon={ICON_TRASH} size={18} />
        <span>{t('wallet.delete')}</span>
      </button>
      <div
        className="mw-swipe__body"
        style={{ transform: `translateX(${offset}px)` }}
        onTouchStart={(e) => {
          const p = e.touches[0];
          if (p) start.current = { x: p.clientX, y: p.clientY, base: offset };
        }}
        onTouchMove={(e) => {
          const p = e.touches[0];
          const s = start.current;
          if (!p || !s || Math.abs(p.clientY - s.y) > Math.abs(p.clientX - s.x)) return; // a scroll, not a swipe
          setOffset(Math.max(-REVEAL, Math.min(0, s.base + p.clientX - s.x)));
        }}
        onTouchEnd={() => {
          start.current = null;
          setOffset((o) => (o < -SNAP ? -REVEAL : 0));
        }}
      >
        {p.children}
      </div>
    </div>
  );
}

function MethodCard({ m }: { m: WithdrawMethod }): ReactElement {
  const { t } = useTranslation();
  const until = m.held_until ?? 0;
  return (
    <div className="mw-method">
      {m.type === 1 ? (
        <>
          <span className="mw-method__title">{`${m.draw_currency.code}-${m.draw_currency.protocol}`}</span>
          <code className="mw-method__address">{m.dc_address}</code>
        </>
      ) : (
        <>
          <span className="mw-method__title">{`${m.bank_name} · ${m.draw_currency.code}`}</span>
          <span className="mw-method__sub">{m.payee_name}</span>
          <span className="mw-method__sub">
            <Num>{`**** ${m.payee_account.slice(-4)}`}</Num>
          </span>
        </>
      )}
      {/* By the server's clock (docs/security.md "Payout holds"). */}
      {until > 0 ? (
        <span className="mw-method__sub mw-method__held" data-testid="method-held">
          {t('security.held_until', { time: formatDate(until) })}
        </span>
      ) : null}
    </div>
  );
}

export function MethodsPage({ type }: { type: 1 | 2 }): ReactElement {
  const { t } = useTranslation();
  const load = useCallback(() => payoutMethods(type), [type]);
  const methods = useLoaded(load, undefined, true);
  const list = methods.failed ? [] : methods.data;
  const [doomed, setDoomed] = useState<WithdrawMethod | null>(null);
  // With a second factor on, a removal asks for its code (docs/security.md "Second factor").
  const [asking, setAsking] = useState<WithdrawMethod | null>(null);
  const [code, setCode] = useState('');

  const remove = async (m: WithdrawMethod | null, factorCode?: string): Promise<void> => {
    setDoomed(null);
    if (!m) return;
    try {
      const env = await deletePayoutMethod(m.id, factorCode);
      toast(env.msg);
      setAsking(null);
    } catch (err) {
      if (needsSecondFactor(err)) {
        setCode('');
        setAsking(m);
      } // the client showed the server's message
    }
    methods.reload();
  };

  const add = (
    <Link
      to={`/mine/withdraw-way?type=${type}`}
      className="icon-button"
      aria-label={t(type === 1 ? 'wallet.add_address' : 'wallet.add_bank_card')}
      data-testid="add-method"
    >
      <Icon icon={ICON_PLUS} size={22} />
    </Link>
  );
  return (
    <div className="page">
      <TitleBar titleKey={type === 1 ? 'page.coin_addresses' : 'page.bank_cards'} back="/mine/wallet" right={add} />
      <div className="page-body mw-page">
        {list === null ? (
          <Spinner />
        ) : list.length === 0 ? (
          <EmptyState textKey="common.no_data" hintKey={type === 1 ? 'wallet.add_address' : 'wallet.add_bank_card'} />
        ) : (
          <ul className="mw-rows" data-testid="methods">
            {list.map((m) => (
              <li key={m.id}>
                <SwipeRow onDelete={() => setDoomed(m)} testId={`method-${m.id}`}>
                  <MethodCard m={m} />
                </SwipeRow>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={doomed !== null}
        titleKey="wallet.delete"
        messageKey="wallet.delete_confirm"
        danger
        onConfirm={() => void remove(doomed)}
        onCancel={() => setDoomed(null)}
      />
      <BottomSheet open={asking !== null} onClose={() => setAsking(null)} titleKey="wallet.delete">
        <form className="mw-form mw-sheet-form" noValidate onSubmit={submitHandler(() => remove(asking, code.trim()))}>
          <FactorCodeField value={code} onChange={setCode} />
          <button type="submit" className="btn btn-danger btn-block">
            {t('wallet.delete')}
          </button>
        </form>
      </BottomSheet>
    </div>
  );
}

export const BankCardsPage = (): ReactElement => <MethodsPage type={2} />;
export const CoinAddressesPage = (): ReactElement => <MethodsPage type={1} />;
