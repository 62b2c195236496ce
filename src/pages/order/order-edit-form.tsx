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

export function OrderEditForm({
  testId,
  send,
  onDone,
  actionKey,
  actionText,
  action,
  tone,
  children,
}: OrderEditFormProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    const sending = send();
    if (sending === null) return;
    setBusy(true);
    const ok = await sending;
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <form className="od-stops" data-testid={testId} onSubmit={submitHandler(submit)}>
      {children}
      <ActionPair
        className="od-actions"
        onBack={onDone}
        actionKey={actionKey}
        actionText={actionText}
        tone={tone}
        action={action}
        busy={busy}
      />
    </form>
  );
}
