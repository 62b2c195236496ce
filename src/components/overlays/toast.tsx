// Toasts: `toast(message)` from anywhere (re-exported from the state queue) and the host that shows them.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $toasts, dismissToast } from '../../state/shell/toasts.ts';
import './toast.css';

export { toast } from '../../state/shell/toasts.ts';

export function ToastHost(): ReactElement {
  useSignals();
  return (
    <div className="toast-host" aria-live="assertive" role="alert">
      {$toasts.value.map((item) => (
        <button key={item.id} type="button" className="toast" onClick={() => dismissToast(item.id)}>
          {item.text}
        </button>
      ))}
    </div>
  );
}
