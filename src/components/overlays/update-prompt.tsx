// Never while an order form is open (src/state/shell/app-update.ts), and never applied without the user's tap.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $offerUpdate, $updateDismissed, applyUpdate } from '../../state/shell/app-update.ts';
import './update-prompt.css';

export function UpdatePrompt(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if (!$offerUpdate.value) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt__text">{t('conn.update_ready')}</span>
      <button type="button" className="update-prompt__later" onClick={() => ($updateDismissed.value = true)}>
        {t('conn.update_later')}
      </button>
      <button type="button" className="update-prompt__reload" onClick={() => void applyUpdate()}>
        {t('conn.update_reload')}
      </button>
    </div>
  );
}
