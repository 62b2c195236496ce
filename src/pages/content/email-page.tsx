// /mine/email: the complaint address from settings; tap to write a mail, or copy it.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { complaintEmail } from '../../api/content.ts';
import { ContentScreen } from '../../components/nav/content-screen.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { copyText } from '../../components/text/copy-text.ts';

export function EmailPage(): ReactElement {
  const { t } = useTranslation();
  const email = useLoaded(complaintEmail).data?.email ?? '';
  return (
    <ContentScreen titleKey="page.email">
      <section className="ct-card">
        <p className="ct-label">{t('content.email_hint')}</p>
        <a className="ct-value ct-mail" href={email ? `mailto:${email}` : undefined} data-testid="complaint-email">
          {email}
        </a>
        {/* Only once there is an address to copy: a button that flips from disabled to enabled as the page loads is
            a half-drawn control to anyone reading the page then. */}
        {email ? (
          <button type="button" className="ct-button" onClick={() => void copyText(email)}>
            {t('content.copy_email')}
          </button>
        ) : null}
      </section>
    </ContentScreen>
  );
}
