// Token after the `#`, never in a URL; a POST freezes withdrawals, ends sessions (docs/security.md "Second factor").
import { useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { disownFactor } from '../../api/security.ts';
import { ContentScreen } from '../../components/nav/content-screen.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import './security.css';

export function NotMePage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [done, setDone] = useState(false);
  const freeze = (): void => {
    disownFactor(token).then(
      () => setDone(true),
      () => undefined, // the client showed the server's message
    );
  };
  return (
    <ContentScreen titleKey="security.not_me_title">
      <section className="sec-card" data-testid="not-me">
        {done ? (
          <p className="sec-card__hint" role="status" data-testid="not-me-done">
            {t('security.not_me_done')}
          </p>
        ) : token ? (
          <>
            <p className="sec-card__hint">{t('security.not_me_intro')}</p>
            <button type="button" className="btn btn-danger btn-block" onClick={freeze} data-testid="not-me-freeze">
              {t('security.not_me_freeze')}
            </button>
          </>
        ) : (
          <p className="sec-card__hint">{t('security.not_me_no_link')}</p>
        )}
      </section>
    </ContentScreen>
  );
}
