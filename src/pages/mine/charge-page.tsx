// /mine/charge (SPEC §2): deposit by coin (0) or bank (1), and the charge history of that kind with paging and
// pull-to-refresh; a submitted charge shows at the top at once, waiting for review.
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { chargeHistory } from '../../api/wallet.ts';
import type { ChargeRecord } from '../../domain/wallet-types.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { BankCharge } from './bank-charge.tsx';
import { CoinCharge } from './coin-charge.tsx';
import { PagedList } from './paged-list.tsx';
import { usePaged } from './use-paged.ts';
import './money.css';
import { Num } from '../../components/text/num.tsx';

type Kind = '0' | '1';
const KINDS = [
  { value: '0' as const, labelKey: 'wallet.coin' },
  { value: '1' as const, labelKey: 'wallet.bank' },
];

function ChargeRow({ c }: { c: ChargeRecord }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="mw-row" data-status={c.status}>
      <div className="mw-row__main">
        <span className="mw-row__title"><Num>{`${c.number} ${c.currency_code}`}</Num></span>
        <span className="mw-row__sub"><Num>{formatDate(c.created_at) || c.created_at}</Num></span>
        {c.remark ? <span className="mw-row__note" dir="auto">{c.remark}</span> : null}
      </div>
      <div className="mw-row__end">
        <span className="mw-status" data-status={c.status}>{t(`wallet.charge_status_${c.status}`)}</span>
        {c.credited ? <span className="muted"><Num>{`+${formatMoney(c.credited)} USD`}</Num></span> : null}
      </div>
    </div>
  );
}

export function ChargePage(): ReactElement {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('0');
  const type = kind === '0' ? 0 : 1;
  const load = useCallback((page: number) => chargeHistory(type, page), [type]);
  const list = usePaged(load, type);
  return (
    <div className="page">
      <TitleBar titleKey="page.charge" back="/user" />
      <PullRefresh className="page-body mw-page" onRefresh={list.refresh} header={() => <Segmented options={KINDS} value={kind} onChange={setKind} labelKey="page.charge" />}>
        {kind === '0' ? <CoinCharge onSubmitted={list.refresh} /> : <BankCharge onSubmitted={list.refresh} />}
        <h2 className="mw-heading">{t('wallet.charge_history')}</h2>
        <PagedList state={list} keyOf={(c) => c.id} render={(c) => <ChargeRow c={c} />} testId="charge-history" />
      </PullRefresh>
    </div>
  );
}
