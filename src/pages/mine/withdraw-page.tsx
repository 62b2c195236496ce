// /mine/withdraw (SPEC §2): coin (1) or bank (2) withdrawal, then the withdrawal records of that kind; a request
// freezes its amount until an operator pays or rejects it.
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawHistory } from '../../api/wallet.ts';
import type { WithdrawRecord } from '../../domain/wallet-types.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { BalanceSummary } from './balance-summary.tsx';
import { shortAddress } from './method-label.ts';
import { PagedList } from './paged-list.tsx';
import { useBalanceWithList } from './use-balance.ts';
import { usePaged } from './use-paged.ts';
import { WithdrawForm } from './withdraw-form.tsx';
import './money.css';
import { Num } from '../../components/text/num.tsx';

type Kind = '1' | '2';
const KINDS = [
  { value: '1' as const, labelKey: 'wallet.coin' },
  { value: '2' as const, labelKey: 'wallet.bank' },
];

function WithdrawRow({ w }: { w: WithdrawRecord }): ReactElement {
  const { t } = useTranslation();
  const to = w.type === 1 ? shortAddress(w.address) : `****${w.payee_account.slice(-4)}`;
  return (
    <div className="mw-row" data-status={w.status}>
      <div className="mw-row__main">
        <span className="mw-row__title"><Num>{`${formatMoney(w.number)} USD → ${w.real_number} ${w.draw_currency.code}`}</Num></span>
        <span className="mw-row__sub"><Num>{`${formatDate(w.created_at) || w.created_at} · ${to}`}</Num></span>
        <span className="mw-row__sub">{t('wallet.fee_is', { fee: w.fee })}</span>
        {w.notes ? <span className="mw-row__note" dir="auto">{w.notes}</span> : null}
      </div>
      <div className="mw-row__end">
        <span className="mw-status" data-status={w.status}>{w.status_name}</span>
      </div>
    </div>
  );
}

export function WithdrawPage(): ReactElement {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('1');
  const type = kind === '1' ? 1 : 2;
  const load = useCallback((page: number) => withdrawHistory(type, page), [type]);
  const list = usePaged(load, type);
  const { funds, refresh } = useBalanceWithList(list);
  return (
    <div className="page">
      <TitleBar titleKey="page.withdraw" back="/user" />
      <PullRefresh className="page-body mw-page" onRefresh={refresh} header={() => <Segmented options={KINDS} value={kind} onChange={setKind} labelKey="page.withdraw" />}>
        <BalanceSummary funds={funds} />
        <WithdrawForm key={type} type={type} available={funds?.balance} onSubmitted={refresh} />
        <h2 className="mw-heading">{t('wallet.withdraw_history')}</h2>
        <PagedList state={list} keyOf={(w) => w.id} render={(w) => <WithdrawRow w={w} />} testId="withdraw-history" />
      </PullRefresh>
    </div>
  );
}
