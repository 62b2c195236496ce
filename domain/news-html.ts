// What a news story's HTML may hold, stated once: the server's sanitiser (sanitize-html, when a story is stored) and
// the app's (DOMPurify, before a story is inserted) both build their options from this, so the two lists cannot
// drift apart again (they had: the app let an `http:` image through that the server dropped). docs/content.md
// "News HTML: sanitised twice".

/** Structure and text, tables, figures, links and images; `h1` is not among them (the server turns it into h2:
 * the page has its own title). */
export const NEWS_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'small',
  'sup',
  'sub',
  'span',
  'blockquote',
  'code',
  'pre',
  'figure',
  'figcaption',
  'img',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

/** The attributes each tag keeps from its input. No `style` (CSS expressions, url() beacons), no `class` (the app
 * styles by element), no event handlers. */
export const NEWS_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** What both sanitisers set on every link, whatever the input said: a new browsing context without opener or
 * referrer (links leave the app). */
export const NEWS_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** The attributes that hold a URL, and the schemes each may use. Images are https only: an `http:` image is mixed
 * content on the https app and tells anyone on the path which story a reader opened. */
export const NEWS_URL_SCHEMES = {
  href: ['http', 'https', 'mailto'],
  src: ['https'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type NewsUrlAttribute = keyof typeof NEWS_URL_SCHEMES;

export const isNewsUrlAttribute = (name: string): name is NewsUrlAttribute => Object.hasOwn(NEWS_URL_SCHEMES, name);

/**
 * Whether a URL may stay on `attribute`: a scheme from its list, or a path on this site (`/news/x.svg`). Everything
 * else goes: another scheme, a protocol-relative `//host` (or `/\host`, which browsers read the same way), and any
 * other relative form, so a URL whose scheme is hidden behind a control character or a tab is never kept as
 * "relative".
 */
export function newsUrlKept(attribute: NewsUrlAttribute, url: string): boolean {
  const value = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme !== undefined) return (NEWS_URL_SCHEMES[attribute] as readonly string[]).includes(scheme.toLowerCase());
  return /^\/(?![/\\])/.test(value);
}
