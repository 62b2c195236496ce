// `send` returns null when it has shown why nothing is sent, else whether the server took it; taken closes the form.
import { useState, type ReactElement, type ReactNode } from 'react';
import { ActionPair } from '../../components/overlays/action-pair.tsx';
import { submitHandler } from '../../components/forms/submit-handler.ts';

export interface OrderEditFormProps {
  testId: string;
  send: () => Promise<boolean> | null;
  onDone: () => void;
  actionKey: string;
  /** When they change as the trader types. */
  actionText?: string;
  action: string;
  tone: 'primary' | 'danger';
  children: ReactNode;
}

export function OrderEditForm(p: OrderEditFormProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    const sending = p.send();
    if (sending === null) return;
    setBusy(true);
    const ok = await sending;
    setBusy(false);
    if (ok) p.onDone();
  };
  return (
    <form className="od-stops" data-testid={p.testId} onSubmit={submitHandler(submit)}>
      {p.children}
      <ActionPair
        className="od-actions"
        onBack={p.onDone}
        actionKey={p.actionKey}
        actionText={p.actionText}
        tone={p.tone}
        action={p.action}
        busy={busy}
      />
    </form>
  );
}
