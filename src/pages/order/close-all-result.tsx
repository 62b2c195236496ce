// Every refused position is named with its reason, so a partial failure is read, never swallowed.
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { i18n } from '../../i18n/index.ts';
import type { CloseAllItem } from '../../../domain/close-scope.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { Num } from '../../components/text/num.tsx';
import { dec, exactText } from '../../../domain/decimal.ts';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import { formatPnl } from '../../i18n/format.ts';
import { orderLots } from '../../state/market/lot-step.ts';

export interface CloseAllResultProps {
  results: readonly CloseAllItem<AppOrder>[];
  asked: readonly AppOrder[];
  onDone: () => void;
}

export function CloseAllResult({ results, asked, onDone }: CloseAllResultProps): ReactElement {
  const { t } = useTranslation();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []); // the confirm button is gone: keep focus inside the sheet
  const failed = results.filter((r) => !r.ok);
  const closed = results.length - failed.length;
  const realised = results.reduce((sum, r) => (r.ok && r.order ? sum.plus(dec(r.order.FactProfits)) : sum), dec(0));
  const reason = (key: string): string => t(i18n.exists(`errors.${key}`) ? `errors.${key}` : 'errors.internal');
  return (
    <div className="od-close-all__result" data-testid="close-all-result" data-failed={failed.length}>
      <p role="status" className="od-close-all__counts">
        <span data-field="closed-count">{t('orders.close_all_closed', { count: closed })}</span>
        {closed > 0 ? (
          <span className="od-close-all__realised">
            <span>{t('orders.close_all_realised')}</span>
            <Num className="od-pnl" data-field="closed-pnl" data-dir={pnlDir(realised)}>
              {formatPnl(exactText(realised), { missing: NO_VALUE })}
            </Num>
          </span>
        ) : null}
        {failed.length > 0 ? (
          <span data-field="failed-count" className="od-close-all__failed">
            {t('orders.close_all_failed', { count: failed.length })}
          </span>
        ) : null}
      </p>
      {failed.length > 0 ? (
        <ul className="od-close-all__list" aria-label={t('orders.close_all_failed_list')}>
          {failed.map((r) => {
            const o = asked.find((a) => a.Id === r.Id);
            return (
              <li key={r.Id} data-id={r.Id} className="od-close-all__item">
                <span className="od-close-all__what">
                  <span className="od-code">{o?.instrument.ShowCode ?? ''}</span>
                  {o ? <span>{t(o.OrderType === 1 ? 'trade.buy_up' : 'trade.buy_low')}</span> : null}
                  {o ? (
                    <span>
                      <Num>{t('orders.lots_value', { lots: orderLots(o) })}</Num>
                    </span>
                  ) : null}
                </span>
                <span className="od-close-all__reason" data-field="reason">
                  {reason(r.error)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="od-actions">
        <button ref={done} type="button" className="btn btn-primary" data-action="close-all-done" onClick={onDone}>
          {t('orders.close_all_done')}
        </button>
      </div>
    </div>
  );
}
