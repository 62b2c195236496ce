// /mine/charge (SPEC §2, title "charge coin"): switch coin (0) / bank (1), the form of that kind, and its charge
// history with paging. Pull to refresh reloads the options and the history. The tab is in the query (?type=0|1).
import { useCallback, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { chargeHistory } from '../../api/wallet.ts';
import { useQuery } from '../../app/use-query.ts';
import { Segmented } from '../../components/segmented.tsx';
import { TitleBar } from '../../components/title-bar.tsx';
import { PullRefresh } from '../order/pull-refresh.tsx';
import { BankCharge } from './bank-charge.tsx';
import { ChargeHistory } from './charge-history.tsx';
import { CoinCharge } from './coin-charge.tsx';
import { usePaged } from './use-paged.ts';
import './wallet.css';

type Tab = '0' | '1';
const TABS: ReadonlyArray<{ value: Tab; labelKey: string }> = [
  { value: '0', labelKey: 'wallet.tab_coin' },
  { value: '1', labelKey: 'wallet.tab_bank' },
];

export function ChargePage(): ReactElement {
  const navigate = useNavigate();
  const tab: Tab = useQuery().get('type') === '1' ? '1' : '0';
  const [refreshKey, setRefreshKey] = useState(0);
  const load = useCallback(
    (page: number, signal: AbortSignal) => chargeHistory(tab === '1' ? 1 : 0, page, signal).then((r) => ({ items: r.data, total: r.total })),
    [tab],
  );
  const list = usePaged(load, tab);
  const { reload } = list;
  const refresh = useCallback(() => {
    setRefreshKey((k) => k + 1);
    reload();
  }, [reload]);
  return (
    <PullRefresh className="page wl-page" onRefresh={refresh} header={() => <TitleBar titleKey="wallet.charge_title" back="/user" />}>
      <div className="page-body wl-body" data-tab={tab}>
        <Segmented options={TABS} value={tab} onChange={(v) => void navigate(`/mine/charge?type=${v}`, { replace: true })} labelKey="wallet.charge_kind" />
        {tab === '0' ? <CoinCharge onSubmitted={reload} refreshKey={refreshKey} /> : <BankCharge onSubmitted={reload} refreshKey={refreshKey} />}
        <ChargeHistory list={list} />
      </div>
    </PullRefresh>
  );
}
