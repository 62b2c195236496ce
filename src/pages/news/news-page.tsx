// A failed load finishes the list (docs/contract.md §4).
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { NewsItem } from '../../../domain/content-types.ts';
import { newsList } from '../../api/content.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';
import './news.css';
import { DateText } from '../../components/text/date-text.tsx';
import { ContentLangMark, useContentLanguage } from '../../components/content/content-lang.tsx';

interface ListState {
  items: NewsItem[];
  page: number; // last page loaded
  finished: boolean;
  loading: boolean;
}

const EMPTY: ListState = { items: [], page: 0, finished: false, loading: false };

export function NewsPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [list, setList] = useState<ListState>(EMPTY);
  const generation = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  const load = useCallback((page: number, fresh: boolean) => {
    const gen = fresh ? ++generation.current : generation.current;
    setList((s) => ({ ...(fresh ? EMPTY : s), loading: true }));
    newsList(page)
      .then((res) => {
        if (gen !== generation.current) return;
        setList((s) => {
          const items = fresh ? res.data : [...s.items, ...res.data];
          return { items, page, loading: false, finished: items.length >= res.total || res.data.length === 0 };
        });
      })
      .catch(() => {
        if (gen === generation.current) setList((s) => ({ ...s, loading: false, finished: true }));
      });
  }, []);

  // In the reader's language: a switch loads it again from the first page.
  const lang = useContentLanguage();
  useEffect(() => load(1, true), [load, lang]);
  const more = useCallback(() => {
    if (!list.loading && !list.finished) load(list.page + 1, false);
  }, [list, load]);
  useEndVisible(end, more, !list.finished && !list.loading && list.page > 0, list.page);

  return (
    <div className="page news-page">
      <TitleBar titleKey="page.news" />
      <PullRefresh className="page-body news-body" onRefresh={() => load(1, true)} header={() => null}>
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
        <div ref={end} className="news-end" role="status">
          {list.loading ? <Spinner size={18} /> : list.finished && list.items.length > 0 ? t('common.no_more') : null}
        </div>
        {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
      </PullRefresh>
    </div>
  );
}
