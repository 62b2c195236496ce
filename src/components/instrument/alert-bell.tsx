// Marked while the instrument has an alert waiting; a visitor is sent to sign in first.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../icons/icons.tsx';
import type { Instrument } from '../../../domain/types.ts';
import { openAlertSheet } from '../../state/alerts/alert-sheet.ts';
import { $alerts } from '../../state/alerts/price-alerts.ts';
import './alert-bell.css';
import { ICON_BELL } from '../icons/screen-icons.ts';

export function AlertBell({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const waiting = $alerts.value?.alerts.some((a) => a.instrumentId === inst.Id && a.status === 'active') ?? false;
  return (
    <button
      type="button"
      className="al-bell"
      aria-haspopup="dialog"
      aria-label={t('alerts.open_for', { code: inst.ShowCode })}
      data-active={waiting ? 'true' : undefined}
      data-testid="alert-bell"
      onClick={() => openAlertSheet(inst)}
    >
      <Icon icon={ICON_BELL} size={20} />
    </button>
  );
}
