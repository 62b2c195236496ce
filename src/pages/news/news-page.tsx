// /news: the news list, page by page, in the reader's language.
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { newsList } from '../../api/content.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { ListEnd, usePages } from '../../components/lists/pages.tsx';
import './news.css';
import { DateText } from '../../components/text/date-text.tsx';
import { ContentLangMark, useContentLanguage } from '../../components/content/content-lang.tsx';

export function NewsPage(): ReactElement {
  const navigate = useNavigate();
  // In the reader's language: a switch loads it again from the first page.
  const list = usePages(newsList, useContentLanguage(), true);

  return (
    <div className="page news-page">
      <TitleBar titleKey="page.news" />
      <PullRefresh className="page-body news-body" onRefresh={() => void list.refresh()} header={() => null}>
        <ul className="news-list" data-testid="news-list">
          {list.items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="news-row"
                onClick={() => void navigate(`/news/detail?id=${n.id}`)}
                data-news-id={n.id}
              >
                <span className="news-row__text">
                  <span className="news-row__title" dir="auto">
                    {n.title}
                  </span>
                  <ContentLangMark served={n.lang} />
                  <span className="news-row__desc" dir="auto">
                    {n.desc}
                  </span>
                  <span className="news-row__time">
                    <DateText value={n.created_at} />
                  </span>
                </span>
                {n.logo ? (
                  <img className="news-row__logo" src={n.logo} alt="" width={96} height={64} loading="lazy" />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <ListEnd list={list} className="news-end" role="status" />
        {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
      </PullRefresh>
    </div>
  );
}
