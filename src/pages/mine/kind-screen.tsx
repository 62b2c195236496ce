// The frame /mine/charge and /mine/withdraw share: a coin / bank switch above the form, then that kind's records.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { Num } from '../../components/text/num.tsx';
import { PagedList } from './paged-list.tsx';
import type { Pages } from '../../components/lists/pages.tsx';
import './money.css';

/** A Segmented's look for a network, a currency or a payout method: chips, the chosen one pressed. */
export const CHIPS = { role: 'radiogroup', className: 'mw-chips', itemClassName: 'mw-chip', dataName: 'id' } as const;

export interface KindScreenProps<K extends number, T> {
  titleKey: string;
  /** The wire values of the two kinds: coin, then bank. */
  kinds: readonly [coin: K, bank: K];
  kind: K;
  onKind: (kind: K) => void;
  onRefresh: () => void;
  historyKey: string;
  list: Pages<T>;
  keyOf: (item: T) => number;
  render: (item: T) => ReactNode;
  testId: string;
  children: ReactNode;
}

export function KindScreen<K extends number, T>(props: KindScreenProps<K, T>): ReactElement {
  const { t } = useTranslation();
  const { titleKey, kind, onKind } = props;
  const kinds = props.kinds.map((value, i) => ({ value, labelKey: i === 0 ? 'wallet.coin' : 'wallet.bank' }));
  return (
    <div className="page">
      <TitleBar titleKey={titleKey} back="/user" />
      <PullRefresh
        className="page-body mw-page"
        onRefresh={props.onRefresh}
        header={() => <Segmented options={kinds} value={kind} onChange={onKind} labelKey={titleKey} />}
      >
        {props.children}
        <h2 className="mw-heading">{t(props.historyKey)}</h2>
        <PagedList state={props.list} keyOf={props.keyOf} render={props.render} testId={props.testId} />
      </PullRefresh>
    </div>
  );
}

export interface StatusRowProps {
  status: number;
  /** The record's own words (the amount, the address); each is a line of figures. */
  title: string;
  lines: readonly ReactNode[];
  /** In whatever language the operator wrote it. */
  note: string;
  statusText: string;
  /** What came of it, under the status (a credited amount). */
  outcome?: ReactNode;
}

export function StatusRow({ status, title, lines, note, statusText, outcome }: StatusRowProps): ReactElement {
  return (
    <div className="mw-row" data-status={status}>
      <div className="mw-row__main">
        <span className="mw-row__title">
          <Num>{title}</Num>
        </span>
        {lines.map((line, i) => (
          <span key={i} className="mw-row__sub">
            {line}
          </span>
        ))}
        {note ? (
          <span className="mw-row__note" dir="auto">
            {note}
          </span>
        ) : null}
      </div>
      <div className="mw-row__end">
        <span className="mw-status" data-status={status}>
          {statusText}
        </span>
        {outcome}
      </div>
    </div>
  );
}
