// /mine/notices (docs/notifications.md "In-app notices"); demo accounts see the real-account message.
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DateText } from '../../components/text/date-text.tsx';
import { markNoticesRead, noticePage, type NoticePage } from '../../api/notices.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PagedList } from './paged-list.tsx';
import { usePages } from '../../components/lists/pages.tsx';
import { NoticeSettingsSection } from '../../components/account/notice-settings-section.tsx';
import './money.css';
import './notices.css';

export function NoticesPage(): ReactElement {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(0);
  const load = useCallback(async (page: number): Promise<NoticePage> => {
    const res = await noticePage(page);
    setUnread(res.unread);
    return res;
  }, []);
  const list = usePages(load);
  const readAll = (): void => {
    markNoticesRead().then(
      (r) => {
        setUnread(r.unread);
        void list.refresh();
      },
      () => undefined,
    );
  };
  return (
    <div className="page">
      <TitleBar titleKey="notices.screen.title" back="/user" />
      <div className="page-body mw-page nt-page">
        <div className="nt-head">
          <h2 className="mw-heading">{t('notices.screen.title')}</h2>
          <button type="button" className="btn btn-outline nt-head__read" disabled={unread === 0} onClick={readAll}>
            {t('notices.screen.mark_all_read')}
          </button>
        </div>
        <PagedList
          state={list}
          keyOf={(n) => n.id}
          render={(n) => (
            <article className="nt-row" data-kind={n.kind} data-read={n.read ? '1' : '0'}>
              <header className="nt-row__head">
                <h3 className="nt-row__title">{n.title}</h3>
                {!n.read && <span className="nt-row__new">{t('notices.screen.unread')}</span>}
              </header>
              <p className="nt-row__text">{n.text}</p>
              <time className="nt-row__time" dateTime={n.created_at}>
                <DateText value={n.created_at} />
              </time>
            </article>
          )}
          testId="notices"
        />
        <NoticeSettingsSection />
      </div>
    </div>
  );
}
