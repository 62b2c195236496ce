// The bell beside an instrument (the trade screen's header): opens that instrument's price alerts; a visitor is sent
// to sign in first (alerts are kept on the account). The sheet's code loads only when it is first opened.
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/icons.tsx';
import type { Instrument } from '../../domain/types.ts';
import { loginPath } from '../../state/navigator.ts';
import { $loggedIn } from '../../state/session.ts';
import { $alerts } from '../../state/price-alerts.ts';
import './alert-bell.css';

const AlertsSheet = lazy(() => import('./alerts-sheet.tsx').then((m) => ({ default: m.AlertsSheet })));

export function AlertBell({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const waiting = $alerts.value?.alerts.some((a) => a.forex_id === inst.Id && a.status === 'active') ?? false;
  return (
    <>
      <button
        type="button"
        className="al-bell"
        aria-haspopup="dialog"
        aria-label={t('alerts.open_for', { code: inst.ShowCode })}
        data-active={waiting ? 'true' : undefined}
        data-testid="alert-bell"
        onClick={() => {
          if (!$loggedIn.peek()) {
            void navigate(loginPath('/trade'));
            return;
          }
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Icon name="bell" size={20} />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <AlertsSheet inst={inst} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
