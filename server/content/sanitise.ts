// News HTML allow-list (sanitize-html): structure, text, tables, links and images survive; scripts, event handlers,
// styles, frames, forms, SVG and every URL scheme but http(s)/mailto are removed. Applied when news is stored.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'], // target/rel are set by transformTags below, never taken from input
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // No style attribute at all (CSS expressions, url() beacons); no class either (the app styles by element).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] }, // images: https or same-origin relative paths only
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // script/style/textarea/etc. are dropped with their text; iframe/object/svg/math too.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  transformTags: {
    // h1 is the page's own title; a story's headings start at h2.
    h1: 'h2',
    // Links leave the app: a new browsing context without opener or referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitiseNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Titles and summaries are plain text: every tag (and script/style text) goes, and the entities sanitize-html
 * escaped are decoded again, because the app renders these as text (React escapes them), never as HTML. */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e).trim();
}
