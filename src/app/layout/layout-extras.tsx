// A lazy chunk after the first commit: each part is fixed-position and reads signals, so nothing is missed or pushed.
import { lazy, memo, Suspense, type ReactElement, useEffect, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $chartOrderEdit, $chartStopMove } from '../../chart/chart-order-edit.ts';
import { ToastHost } from '../../components/overlays/toast.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { useLocation } from 'react-router-dom';
import { $alertSheet, closeAlertSheet } from '../../state/alerts/alert-sheet.ts';
import { lazyChunk } from '../../components/hooks/chunk-retry.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $loading } from '../../state/shell/toasts.ts';
import { $offerUpdate, $updateDismissed, applyUpdate } from '../../state/shell/app-update.ts';
import { isDemoTitle } from '../start/desktop-host.ts';
import './demo-mark.css';
import './loading-overlay.css';
import './update-prompt.css';

// The app's one alerts sheet, closed when the route changes; its code loads when first opened.
const AlertsSheet = lazy(() => import('../../pages/alerts/alerts-sheet.tsx').then((m) => ({ default: m.AlertsSheet })));

export function AlertSheetHost(): ReactElement | null {
  useSignals();
  const request = $alertSheet.value;
  const [loaded, setLoaded] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => closeAlertSheet, [pathname]); // leaving the screen closes the sheet
  if (request && !loaded) setLoaded(true);
  // The same element while the request stays: the route change that renders this host leaves the sheet alone.
  const sheet = useMemo(
    () => (
      <Suspense fallback={null}>
        <AlertsSheet request={request} onClose={closeAlertSheet} />
      </Suspense>
    ),
    [request],
  );
  return loaded ? sheet : null;
}

// /order's form, loaded on the first request.
const ChartOrderHost = lazyChunk(async () => (await import('../../pages/order/chart-order-host.tsx')).ChartOrderHost);

function ChartOrders(): ReactElement | null {
  useSignals();
  if ($chartOrderEdit.value === null && $chartStopMove.value === null) return null;
  return (
    <Suspense fallback={null}>
      <ChartOrderHost />
    </Suspense>
  );
}

// Never while an order form is open (src/state/shell/app-update.ts), and never applied without the user's tap.
function UpdatePrompt(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if (!$offerUpdate.value) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt__text">{t('conn.update_ready')}</span>
      <button type="button" className="update-prompt__later" onClick={() => ($updateDismissed.value = true)}>
        {t('conn.update_later')}
      </button>
      <button type="button" className="update-prompt__reload" onClick={() => void applyUpdate()}>
        {t('conn.update_reload')}
      </button>
    </div>
  );
}

// The blocking loading overlay (docs/contract.md §8: no timeout, forbids clicks): shown while any `loading` call runs.
function LoadingOverlay(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if (!$loading.value) return null;
  return (
    <div className="loading-overlay" aria-busy="true" aria-label={t('common.loading')} role="progressbar">
      <div className="loading-overlay__box">
        <Spinner />
      </div>
    </div>
  );
}

// docs/contract.md §9: a page titled DEMO by whoever deploys it shows a DEMO mark on every screen.
function DemoMark(): ReactElement | null {
  const { t } = useTranslation();
  if (!isDemoTitle(document.title)) return null;
  return (
    <div className="demo-mark" data-testid="demo-mark" role="note">
      {t('product.demo_mark')}
    </div>
  );
}

// Memoised: the layout renders on every route change and gives these nothing.
export const LayoutExtras = memo(function LayoutExtras(): ReactElement {
  return (
    <>
      <UpdatePrompt />
      <AlertSheetHost />
      <ChartOrders />
      <ToastHost />
      <LoadingOverlay />
      <DemoMark />
    </>
  );
});
