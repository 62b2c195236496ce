// The support link in a sandbox that reaches nothing of this page; a refused frame gives way to a new-tab link.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { basicInfo } from '../../api/common.ts';
import { $settings } from '../../state/account/session.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { SERVICE_LINK_NEW_WINDOW } from '../../../domain/types.ts';
import '../../components/nav/content-screen.css';
import { ICON_EMPTY } from '../../components/icons/first-icons.ts';

export const CHAT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Only an http(s) link is framed or opened; anything else (javascript:, data:) is ignored. */
export function safeServiceLink(link: string | undefined): string {
  return link && /^https?:\/\//i.test(link.trim()) ? link.trim() : '';
}

/** Same origin as the blocked URI. */
export function blocksLink(
  e: Pick<SecurityPolicyViolationEvent, 'effectiveDirective' | 'blockedURI'>,
  link: string,
): boolean {
  if (!/^(frame|child)-src$/.test(e.effectiveDirective)) return false;
  try {
    return new URL(e.blockedURI).origin === new URL(link).origin;
  } catch {
    return false;
  }
}

export function ChatPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const settings = $settings.value;
  useEffect(() => {
    if (!$settings.peek())
      basicInfo().then(
        (s) => ($settings.value = s),
        () => undefined,
      );
  }, []);
  const link = safeServiceLink(settings?.service_link);
  const newWindow = settings?.service_link_type === SERVICE_LINK_NEW_WINDOW;
  const framed = link !== '' && !newWindow;
  const [failed, setFailed] = useState<string | null>(null); // the link whose frame was refused
  useEffect(() => {
    if (!framed) return undefined;
    const onViolation = (e: SecurityPolicyViolationEvent): void => {
      if (blocksLink(e, link)) setFailed(link);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    const probe = new AbortController();
    fetch(link, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: probe.signal,
    }).then(
      () => undefined, // an answer, opaque: the frame may still refuse to be framed, which the new-tab line covers
      () => {
        if (!probe.signal.aborted) setFailed(link);
      },
    );
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      probe.abort();
    };
  }, [framed, link]);
  const newTab = (className: string): ReactElement => (
    <a className={className} href={link} target="_blank" rel="noopener noreferrer" data-testid="chat-new-tab">
      {t('content.chat_open_tab')}
    </a>
  );
  return (
    <div className="page ct-chat">
      <TitleBar titleKey="page.chat" back />
      {framed && failed === link ? (
        <div className="page-body ct-body" data-testid="chat-failed">
          <EmptyState textKey="content.chat_failed" icon={ICON_EMPTY}>
            {newTab('ct-button ct-button--link')}
          </EmptyState>
        </div>
      ) : framed ? (
        <>
          <p className="ct-chat-note muted">
            <span>{t('content.chat_not_showing')}</span> {newTab('ct-chat-note__link')}
          </p>
          <iframe
            className="ct-frame"
            src={link}
            title={t('page.chat')}
            sandbox={CHAT_SANDBOX}
            referrerPolicy="no-referrer"
            allow="clipboard-write"
            data-testid="chat-frame"
          />
        </>
      ) : link ? (
        <div className="page-body ct-body">
          <button type="button" className="ct-button" onClick={() => window.open(link, '_blank', 'noopener')}>
            {t('content.open_chat')}
          </button>
        </div>
      ) : (
        <EmptyState textKey="common.no_data" />
      )}
    </div>
  );
}
