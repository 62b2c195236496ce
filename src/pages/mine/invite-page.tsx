// The link is built from the app's own address (docs/content.md); qrcode loads only once a link is shown.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { inviteLink } from '../../../domain/content-types.ts';
import { inviteInfo } from '../../api/content.ts';
import { ContentScreen } from '../../components/nav/content-screen.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { Num } from '../../components/text/num.tsx';
import { QR_SIZE } from '../../components/text/qr-image.ts';
import { useQrDataUrl } from '../../components/text/qr-code.tsx';

export function InvitePage(): ReactElement {
  const { t } = useTranslation();
  const { data: info, failed } = useLoaded(inviteInfo);
  const link = info ? inviteLink(window.location.origin + window.location.pathname, info.invite_code) : '';
  const qr = useQrDataUrl(link);

  return (
    <ContentScreen titleKey="page.invite">
      {/* Busy while the code loads, so neither a reader nor a checker takes the disabled buttons for the finished screen. */}
      <section className="ct-card ct-invite" aria-busy={!info && !failed}>
        <p className="ct-label">{t('content.invite_hint')}</p>
        {qr ? (
          <img
            className="ct-qr"
            src={qr}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={t('content.invite_qr')}
            data-testid="invite-qr"
          />
        ) : (
          <div className="ct-qr" />
        )}
        <p className="ct-label">{t('content.invite_code')}</p>
        <p className="ct-value" data-testid="invite-code">
          <Num>{info?.invite_code ?? ''}</Num>
        </p>
        <button
          type="button"
          className="ct-button"
          disabled={!info}
          onClick={() => info && void copyText(info.invite_code)}
        >
          {t('content.copy_code')}
        </button>
        <p className="ct-label">{t('content.invite_link')}</p>
        <p className="ct-link" data-testid="invite-link">
          {link}
        </p>
        <button type="button" className="ct-button" disabled={!link} onClick={() => void copyText(link)}>
          {t('content.copy_link')}
        </button>
        <p className="ct-count" data-testid="invite-count">
          {info ? t('content.invite_count', { n: info.invite_count }) : ''}
        </p>
      </section>
    </ContentScreen>
  );
}
