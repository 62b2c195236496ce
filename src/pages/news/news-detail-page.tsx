import { useMemo, type ReactElement } from 'react';
import { newsInfo } from '../../api/content.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Loaded, useLoaded } from '../../components/lists/loaded.tsx';
import DOMPurify from 'dompurify';
import {
  NEWS_ATTRIBUTES,
  NEWS_LINK_ATTRIBUTES,
  NEWS_TAGS,
  NEWS_URL_SCHEMES,
  newsUrlKept,
} from '../../../domain/news-html.ts';
import './news.css';
import { DateText } from '../../components/text/date-text.tsx';
import { ContentLangMark, useContentLanguage } from '../../components/content/content-lang.tsx';

// A second sanitiser with the server's allow-list (domain/news-html.ts), so a compromised server cannot add script.
const ALLOWED_TAGS = [...NEWS_TAGS];
// DOMPurify takes one list for every tag: the union of what each tag keeps.
const ALLOWED_ATTR = [...new Set(Object.values(NEWS_ATTRIBUTES).flat())];
const URL_ATTRIBUTES = Object.keys(NEWS_URL_SCHEMES) as (keyof typeof NEWS_URL_SCHEMES)[];

let hooked = false;
function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of URL_ATTRIBUTES) {
      const v = node.getAttribute(attr);
      if (v !== null && !newsUrlKept(attr, v)) node.removeAttribute(attr);
    }
    if (node.tagName === 'A')
      for (const [name, value] of Object.entries(NEWS_LINK_ATTRIBUTES)) node.setAttribute(name, value);
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
  });
}

/** Without a full DOM DOMPurify hands the input back unchanged: show the story as escaped text instead. */
const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function safeNewsHtml(html: string): string {
  if (!DOMPurify.isSupported) return escapeText(html);
  hook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

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
