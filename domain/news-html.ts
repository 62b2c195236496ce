// Read by both sanitisers so the two lists cannot drift (docs/content.md "News HTML: sanitised twice").

/** No `h1`: the page has its own title (the server turns it into h2). */
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

/** No `style` (CSS expressions, url() beacons), no `class` (the app styles by element), no event handlers. */
export const NEWS_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** Links leave the app: a new browsing context without opener or referrer, whatever the input said. */
export const NEWS_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** Images are https only: an `http:` image is mixed content and tells anyone on the path which story was opened. */
export const NEWS_URL_SCHEMES = {
  href: ['http', 'https', 'mailto'],
  src: ['https'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type NewsUrlAttribute = keyof typeof NEWS_URL_SCHEMES;

export const isNewsUrlAttribute = (name: string): name is NewsUrlAttribute => Object.hasOwn(NEWS_URL_SCHEMES, name);

/** Other relative forms go too, so a scheme hidden behind a control character is never kept as "relative". */
export function newsUrlKept(attribute: NewsUrlAttribute, url: string): boolean {
  const value = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme !== undefined) return (NEWS_URL_SCHEMES[attribute] as readonly string[]).includes(scheme.toLowerCase());
  return /^\/(?![/\\])/.test(value);
}
