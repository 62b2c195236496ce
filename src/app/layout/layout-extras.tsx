// A lazy chunk after the first commit: each part is fixed-position and reads signals, so nothing is missed or pushed.
import { lazy, memo, Suspense, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $chartOrderEdit, $chartStopMove } from '../../chart/chart-order-edit.ts';
import { ToastHost } from '../../components/overlays/toast.tsx';
import { LoadingOverlay } from '../../components/overlays/loading-overlay.tsx';
import { UpdatePrompt } from '../../components/overlays/update-prompt.tsx';
import { AlertSheetHost } from '../../pages/alerts/alert-sheet-host.tsx';
import { DemoMark } from './demo-mark.tsx';
import { browserChunkDeps, loadChunk } from '../../components/hooks/chunk-retry.ts';

// /order's form, loaded on the first request.
const ChartOrderHost = lazy(async () => ({
  default: await loadChunk(
    async () => (await import('../../pages/order/chart-order-host.tsx')).ChartOrderHost,
    browserChunkDeps(),
  ),
}));

function ChartOrders(): ReactElement | null {
  useSignals();
  if ($chartOrderEdit.value === null && $chartStopMove.value === null) return null;
  return (
    <Suspense fallback={null}>
      <ChartOrderHost />
    </Suspense>
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
