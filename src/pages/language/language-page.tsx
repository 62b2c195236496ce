// A real account's language is saved: notices, e-mails and SMS use it (docs/notifications.md "Languages").
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $lang, LANGUAGE_LIST, setLanguage } from '../../i18n/index.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { useGoBack } from '../../components/nav/use-go-back.ts';
import type { Language } from '../../../domain/types.ts';
import { saveAccountLanguage } from '../../api/notices.ts';
import { $isDemo, $token } from '../../state/account/session.ts';
import './language-page.css';
import { ICON_CHECK } from '../../components/icons/screen-icons.ts';

export function LanguagePage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const goBack = useGoBack('/');
  const current = $lang.value;
  const choose = async (code: Language): Promise<void> => {
    await setLanguage(code);
    // Fire and forget: offline, the next sign-in records the app's language anyway.
    if ($token.peek() && !$isDemo.peek()) saveAccountLanguage(code).catch(() => undefined);
    goBack();
  };
  return (
    <div className="page">
      <TitleBar titleKey="page.language" back />
      {/* A list of buttons, not a listbox: a listbox's options cannot be buttons in list items. */}
      <ul className="lang-list" aria-label={t('page.language')}>
        {LANGUAGE_LIST.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              aria-current={l.code === current ? 'true' : undefined}
              className="lang-list__item"
              lang={l.bcp47}
              dir={l.dir}
              data-lang={l.code}
              onClick={() => void choose(l.code)}
            >
              <span>{l.native}</span>
              {l.code === current ? <Icon icon={ICON_CHECK} size={20} /> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
