import { useMemo, type ReactElement } from 'react';
import { newsInfo } from '../../api/content.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Loaded, useLoaded } from '../../components/lists/loaded.tsx';
import { safeNewsHtml } from './safe-html.ts';
import './news.css';
import { DateText } from '../../components/text/date-text.tsx';
import { ContentLangMark, useContentLanguage } from '../../components/content/content-lang.tsx';

export function NewsDetailPage(): ReactElement {
  const id = useIdQuery();
  const load = useMemo(() => (id !== null ? () => newsInfo(id) : null), [id]);
  // In the reader's language: a switch loads it again.
  const news = useLoaded(load, useContentLanguage());
  const html = useMemo(() => (news.data ? safeNewsHtml(news.data.content) : ''), [news.data]);
  return (
    <div className="page news-detail">
      <TitleBar titleKey="page.news_detail" back="/news" />
      <div className="page-body">
        {id === null ? (
          <MissingQuery textKey="news.pick" to="/news" linkKey="page.news" />
        ) : (
          <Loaded state={news}>
            {(n) => (
              // An English article reads left to right in Arabic.
              <article className="news-article" data-testid="news-article" dir="auto">
                <h2 className="news-article__title">{n.title}</h2>
                <ContentLangMark served={n.lang} />
                <p className="news-article__time">
                  <DateText value={n.created_at} />
                </p>
                {/* Sanitised twice: by the server when stored and by DOMPurify (safeNewsHtml) here. */}
                <div className="news-article__body" dangerouslySetInnerHTML={{ __html: html }} />
              </article>
            )}
          </Loaded>
        )}
      </div>
    </div>
  );
}
