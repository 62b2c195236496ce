// The parts of the app frame the first frame does not draw, as one lazy chunk the layout loads after its first
// commit: the update prompt, the alerts sheet's host, the toasts, the blocking loading overlay and the DEMO mark. Each
// is fixed-position (or nothing) and pushes nothing when it arrives; what they show (a waiting update, a toast, a
// running `loading` call) lives in signals, so whatever happened before the chunk arrived is shown once it does.
import { lazy, memo, Suspense, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $chartOrderEdit, $chartStopMove } from '../../chart/chart-order-edit.ts';
import { ToastHost } from '../../components/overlays/toast.tsx';
import { LoadingOverlay } from '../../components/overlays/loading-overlay.tsx';
import { UpdatePrompt } from '../../components/overlays/update-prompt.tsx';
import { AlertSheetHost } from '../../pages/alerts/alert-sheet-host.tsx';
import { DemoMark } from './demo-mark.tsx';
import { browserChunkDeps, loadChunk } from '../../components/hooks/chunk-retry.ts';

// The orders on the chart's edit sheet and stop confirmation: /order's form, loaded on the first request.
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

// Memoised: the layout renders on every route change, and the layout gives these nothing (each reads its own signals).
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
