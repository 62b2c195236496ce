// Says the age of the prices on screen; trading stays disabled by the stale quotes.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $conn, $dataAsOf } from '../../state/feed/feed-signals.ts';
import { systemClock, type Clock } from '../../state/shell/clock.ts';
import { formatAsOf } from '../../i18n/format.ts';
import './offline-banner.css';

export function OfflineBanner({ clock = systemClock }: { clock?: Clock }): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if ($conn.value !== 'offline') return null;
  const time = formatAsOf($dataAsOf.value, clock.now());
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {time === '' ? t('conn.offline_banner_empty') : t('conn.offline_banner', { time })}
    </div>
  );
}
