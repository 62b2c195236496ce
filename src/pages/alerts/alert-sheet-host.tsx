// The app's one alerts sheet, closed when the route changes; its code loads when first opened.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { $alertSheet, closeAlertSheet } from '../../state/alerts/alert-sheet.ts';

const AlertsSheet = lazy(() => import('./alerts-sheet.tsx').then((m) => ({ default: m.AlertsSheet })));

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
