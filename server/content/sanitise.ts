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

/** Attributes the sanitiser sets itself on links, whatever the input said. */
const SET_BY_US = new Set(['target', 'rel']);

/**
 * What the sanitiser would take out of `html`, named for the operator ("<script>", "onclick on <p>", "href on
 * <a>"), or null when it keeps every tag and attribute. An operator's story is refused rather than silently cut
 * (docs/content.md "Content languages"); the sanitiser's own rules decide, so the two can never disagree.
 */
export function unsafeNewsHtml(html: string): string | null {
  const found: string[] = [];
  const allowedTags = new Set([...(OPTIONS.allowedTags || []), 'h1']);
  const allowedAttributes = (OPTIONS.allowedAttributes || {}) as Record<string, readonly string[]>;
  sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag(tag: string, attribs: Record<string, string>) {
      if (!allowedTags.has(tag)) {
        found.push(`<${tag}>`);
        return;
      }
      for (const [name, value] of Object.entries(attribs)) {
        if (SET_BY_US.has(name) && tag === 'a') continue;
        if (!(allowedAttributes[tag] ?? []).includes(name)) found.push(`${name} on <${tag}>`);
        else if ((name === 'href' || name === 'src') && !keepsUrl(tag, name, value)) found.push(`${name} on <${tag}>`);
      }
    },
  });
  return found.length > 0 ? [...new Set(found)].slice(0, 5).join(', ') : null;
}

/** Whether the sanitiser keeps this URL on this tag: it is asked on the tag alone. */
function keepsUrl(tag: string, name: string, value: string): boolean {
  const quoted = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return sanitizeHtml(`<${tag} ${name}="${quoted}">`, OPTIONS).includes(`${name}="`);
}
