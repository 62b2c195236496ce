// Printed in every account e-mail and SMS so a forgery is told apart (docs/notifications.md "Anti-phishing phrase").
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { noticeSettings, saveNoticeSettings } from '../../api/notices.ts';
import { refusalText } from '../../api/client.ts';
import { checkPhrase, PHRASE_MAX } from '../../../domain/anti-phishing.ts';
import { toast } from '../../state/shell/toasts.ts';
import './notice-settings.css';

export function NoticeSettingsSection(): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (s: { phrase: string | null }): void => {
    setSaved(s.phrase);
    setPhrase(s.phrase ?? '');
  };

  useEffect(() => {
    let live = true;
    noticeSettings().then(
      (s) => live && show(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!checkPhrase(phrase).valid) {
      setError(t('notices.errors.phrase_invalid'));
      return;
    }
    setError(null);
    setBusy(true);
    saveNoticeSettings(phrase)
      .then(
        (s) => {
          show(s);
          toast(t('notices.screen.saved'));
        },
        (err: unknown) => setError(refusalText(err) ?? t('notices.errors.phrase_invalid')),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="nt-settings" data-testid="notice-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="nt-settings__title">
        {t('notices.screen.settings_title')}
      </h2>
      <form className="nt-settings__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-phrase`} className="nt-settings__label">
          {t('notices.screen.phrase_label')}
        </label>
        <p id={`${id}-help`} className="nt-settings__help">
          {t('notices.screen.phrase_help')}
        </p>
        <p className="nt-settings__current" data-testid="phrase-current">
          {saved ?? t('notices.screen.phrase_none')}
        </p>
        <div className="nt-settings__row">
          <input
            id={`${id}-phrase`}
            name="phrase"
            className="nt-settings__input"
            value={phrase}
            maxLength={PHRASE_MAX * 2}
            autoComplete="off"
            placeholder={t('notices.screen.phrase_placeholder')}
            aria-describedby={`${id}-help`}
            aria-invalid={error !== null}
            onChange={(e) => setPhrase(e.currentTarget.value)}
          />
          <button type="submit" className="btn btn-outline nt-settings__save" disabled={busy}>
            {t('notices.screen.save')}
          </button>
        </div>
        {error && (
          <p className="nt-settings__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
