// The form an order's sheet opens to change the order (its stops, a partial close): the fields, then Cancel and the
// action. `send` checks the input (null: it has shown why, nothing is sent) or sends it and resolves whether the
// server took it; the action is disabled while it runs, and a taken change closes the form.
import { useState, type ReactElement, type ReactNode } from 'react';
import { ActionPair } from '../../components/overlays/action-pair.tsx';
import { submitHandler } from '../../components/forms/submit-handler.ts';

export interface OrderEditFormProps {
  /** The form's data-testid. */
  testId: string;
  send: () => Promise<boolean> | null;
  onDone: () => void;
  actionKey: string;
  /** The action's words with values ("Close all 0.05 lots"), when they change as the trader types. */
  actionText?: string;
  /** The action button's data-action. */
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
