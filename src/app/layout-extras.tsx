// The parts of the app frame the first frame does not draw, as one lazy chunk the layout loads after its first
// commit: the update prompt, the alerts sheet's host, the toasts, the blocking loading overlay and the DEMO mark. Each
// is fixed-position (or nothing) and pushes nothing when it arrives; what they show (a waiting update, a toast, a
// running `loading` call) lives in signals, so whatever happened before the chunk arrived is shown once it does.
import type { ReactElement } from 'react';
import { ToastHost } from '../components/overlays/toast.tsx';
import { LoadingOverlay } from '../components/overlays/loading-overlay.tsx';
import { UpdatePrompt } from '../components/overlays/update-prompt.tsx';
import { AlertSheetHost } from '../pages/alerts/alert-sheet-host.tsx';
import { DemoMark } from './demo-mark.tsx';

export function LayoutExtras(): ReactElement {
  return (
    <>
      <UpdatePrompt />
      <AlertSheetHost />
      <ToastHost />
      <LoadingOverlay />
      <DemoMark />
    </>
  );
}
