// /news/detail?id=: the title bar and the story's HTML, sanitised again here (DOMPurify) before it is inserted.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import type { NewsDetail } from '../../domain/content-types.ts';
import { newsInfo } from '../../api/content.ts';
import { useQuery } from '../../app/use-query.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { safeNewsHtml } from './safe-html.ts';
import './news.css';
import { Num } from '../../components/num.tsx';
import { formatDate } from '../../i18n/format.ts';

export function NewsDetailPage(): ReactElement {
  const id = Number(useQuery().get('id'));
  const [news, setNews] = useState<NewsDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setNews(null);
    setFailed(false);
    if (!Number.isInteger(id) || id < 1) {
      setFailed(true);
      return;
    }
    newsInfo(id).then(setNews, () => setFailed(true));
  }, [id]);
  const html = useMemo(() => (news ? safeNewsHtml(news.content) : ''), [news]);
  return (
    <div className="page news-detail">
      <TitleBar titleKey="page.news_detail" back="/news" />
      <div className="page-body">
        {news ? (
          // dir="auto": an article takes the direction of its own text (an English one reads left to right in Arabic).
          <article className="news-article" data-testid="news-article" dir="auto">
            <h2 className="news-article__title">{news.title}</h2>
            <p className="news-article__time"><Num>{formatDate(news.created_at) || news.created_at}</Num></p>
            {/* Sanitised twice: by the server when stored and by DOMPurify (safeNewsHtml) here. */}
            <div className="news-article__body" dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        ) : failed ? (
          <EmptyState textKey="common.no_data" />
        ) : null}
      </div>
    </div>
  );
}
