// The trader's charges of one type under /mine/charge (SPEC §2: with paging): amount and currency, status, time,
// the USD credited once approved, the operator's reason once rejected.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeRecord } from '../../domain/wallet-types.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { ListEnd } from './list-end.tsx';
import type { PagedList } from './use-paged.ts';

function ChargeRow({ c }: { c: ChargeRecord }): ReactElement {
  const { t } = useTranslation();
  return (
    <li className="wl-charge" data-id={c.id} data-status={c.status}>
      <div className="wl-charge__top">
        <span className="wl-charge__amount num">{`${formatNumber(c.number)} ${c.currency_code}`}</span>
        <span className="wl-status" data-status={c.status}>
          {t(`wallet.status_${c.status}`)}
        </span>
      </div>
      <div className="wl-charge__sub">
        <span className="num">{c.created_at}</span>
        {c.credited ? <span className="num">{t('wallet.credited', { amount: formatMoney(c.credited, 2) })}</span> : null}
      </div>
      {c.remark ? <p className="wl-charge__remark">{c.remark}</p> : null}
    </li>
  );
}

export function ChargeHistory({ list }: { list: PagedList<ChargeRecord> }): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="wl-history">
      <h2 className="wl-section">{t('wallet.charge_history')}</h2>
      {list.loaded && list.items.length === 0 ? (
        <EmptyState textKey="common.no_data" />
      ) : (
        <ul className="wl-charges" data-testid="charge-history">
          {list.items.map((c) => (
            <ChargeRow key={c.id} c={c} />
          ))}
        </ul>
      )}
      <ListEnd list={list} />
    </section>
  );
}
