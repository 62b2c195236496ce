import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../components/overlays/bottom-sheet.tsx';
import { $oneClick } from '../state/orders/one-click.ts';
import { SHORTCUT_LIST } from './trader-keys.ts';

export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  return (
    <BottomSheet open={open} onClose={onClose} titleKey="shortcuts.title">
      <dl className="dk-keys" data-testid="shortcuts-sheet">
        {SHORTCUT_LIST.map((s) => (
          <div key={s.keys} className="dk-keys__row">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{t(s.textKey)}</dd>
          </div>
        ))}
      </dl>
      <p className="dk-keys__note">
        {t($oneClick.value ? 'shortcuts.one_click_on' : 'shortcuts.one_click_off')}{' '}
        <Link to="/mine/system" onClick={onClose}>
          {t('prefs.title')}
        </Link>
      </p>
      <p className="dk-keys__note">{t('shortcuts.not_in_fields')}</p>
    </BottomSheet>
  );
}
