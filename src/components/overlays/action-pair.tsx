// The way back, then the action; without onAction the action button submits the form it stands in.
import type { ReactElement, Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

export interface ActionPairProps {
  /** The row's class (dialog__actions, od-actions): two equal columns. */
  className: string;
  onBack: () => void;
  /** The way back's text: Cancel unless named. */
  backKey?: string;
  actionKey: string;
  /** The action's words when they carry values ("Close all 0.05 lots"); actionKey otherwise. */
  actionText?: string;
  /** The action's colour: primary, danger, or a trade side's (up / down: a Buy or Sell confirm). */
  tone?: 'primary' | 'danger' | 'up' | 'down';
  onAction?: () => void;
  /** Sending, or nothing to act on. */
  busy?: boolean;
  /** Tests and e2e flows find the button by it. */
  action?: string;
  actionRef?: Ref<HTMLButtonElement>;
  describedBy?: string;
}

export function ActionPair(props: ActionPairProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className={props.className}>
      <button type="button" className="btn btn-secondary" onClick={props.onBack}>
        {t(props.backKey ?? 'common.cancel')}
      </button>
      <button
        ref={props.actionRef}
        type={props.onAction ? 'button' : 'submit'}
        className={`btn btn-${props.tone ?? 'primary'}`}
        data-action={props.action}
        disabled={props.busy}
        aria-describedby={props.describedBy}
        onClick={props.onAction}
      >
        {props.actionText ?? t(props.actionKey)}
      </button>
    </div>
  );
}
