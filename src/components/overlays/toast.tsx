// The host that shows the toasts `toast(message)` (state/shell/toasts.ts) queues from anywhere.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $toasts, dismissToast } from '../../state/shell/toasts.ts';
import './toast.css';

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
