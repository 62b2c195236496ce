// /mine/chat: the support link (base settings service_link) in a sandboxed frame. The sandbox allows what a chat
// widget needs (its own scripts, its own origin's storage, forms, popups for attachments) and nothing that reaches
// this page: no top navigation, no same-origin access to the app (the link is another origin). Link type 2 opens a
// new window instead (the user centre does that before coming here; a direct visit gets a button).
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { basicInfo } from '../../api/common.ts';
import { $settings } from '../../state/session.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { SERVICE_LINK_NEW_WINDOW } from '../user/user-rows.ts';
import './content.css';

export const CHAT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Only an http(s) link is framed or opened; anything else (javascript:, data:) is ignored. */
export function safeServiceLink(link: string | undefined): string {
  return link && /^https?:\/\//i.test(link.trim()) ? link.trim() : '';
}

export function ChatPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const settings = $settings.value;
  useEffect(() => {
    if (!$settings.peek()) basicInfo().then((s) => ($settings.value = s), () => undefined);
  }, []);
  const link = safeServiceLink(settings?.service_link);
  const newWindow = settings?.service_link_type === SERVICE_LINK_NEW_WINDOW;
  return (
    <div className="page ct-chat">
      <TitleBar titleKey="page.chat" back />
      {link && !newWindow ? (
        <iframe
          className="ct-frame"
          src={link}
          title={t('page.chat')}
          sandbox={CHAT_SANDBOX}
          referrerPolicy="no-referrer"
          allow="clipboard-write"
          data-testid="chat-frame"
        />
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
