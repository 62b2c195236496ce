// Muted and disabled until the live list replaces them; the account cache never holds another user's snapshot.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { formatAsOf } from '../../i18n/format.ts';
import type { AccountSnapshot } from '../../state/account/account-cache.ts';
import { systemClock, type Clock } from '../../state/shell/clock.ts';
import { OrderRow } from './order-row.tsx';

const NO_OPEN = (): void => undefined;

export function LastKnownPositions({
  snapshot,
  clock = systemClock,
}: {
  snapshot: AccountSnapshot;
  clock?: Clock;
}): ReactElement {
  const { t } = useTranslation();
  const time = formatAsOf(snapshot.at, clock.now());
  return (
    <div className="od-list" data-tab={1} data-state="last-known" data-stale="true">
      <p className="od-as-of" data-field="orders-as-of">
        {t('market.as_of', { time })}
      </p>
      {snapshot.positions.length === 0 ? (
        <EmptyState textKey="common.no_data" />
      ) : (
        <ul className="od-rows">
          {snapshot.positions.map((o) => (
            <li key={o.Id}>
              <OrderRow order={o} onOpen={NO_OPEN} disabled />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
