// News HTML, when a story is stored (sanitize-html): the allow-list is domain/news-html.ts, shared with the app's
// second sanitiser; here it becomes sanitize-html's options. Scripts, event handlers, styles, frames, forms, SVG and
// every URL the shared rule does not keep are removed.
import sanitizeHtml from 'sanitize-html';
import {
  NEWS_ATTRIBUTES,
  NEWS_LINK_ATTRIBUTES,
  NEWS_TAGS,
  NEWS_URL_SCHEMES,
  isNewsUrlAttribute,
  newsUrlKept,
} from '../../domain/news-html.ts';

/** Each tag's URL schemes: those of the URL attributes it keeps (img: src's, a: href's). */
const schemesByTag = Object.fromEntries(
  Object.entries(NEWS_ATTRIBUTES).flatMap(([tag, attributes]) => {
    const schemes = attributes.filter(isNewsUrlAttribute).flatMap((a) => NEWS_URL_SCHEMES[a]);
    return schemes.length > 0 ? [[tag, schemes]] : [];
  }),
);

/** The shared URL rule, asked of every tag before sanitize-html's own scheme check (which stays as a second lock):
 * the rule also refuses relative forms other than a path on this site, as the app's sanitiser does. */
function keepUrls(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept = Object.entries(attribs).filter(([name, value]) => !isNewsUrlAttribute(name) || newsUrlKept(name, value));
  return { tagName, attribs: Object.fromEntries(kept) };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NEWS_TAGS],
  allowedAttributes: {
    ...NEWS_ATTRIBUTES,
    // target/rel are set by transformTags below, never taken from input
    a: [...(NEWS_ATTRIBUTES.a ?? []), ...Object.keys(NEWS_LINK_ATTRIBUTES)],
  },
  allowedSchemes: [],
  allowedSchemesByTag: schemesByTag,
  allowedSchemesAppliedToAttributes: Object.keys(NEWS_URL_SCHEMES),
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
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...NEWS_LINK_ATTRIBUTES } }),
    '*': keepUrls,
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
const SET_BY_US = new Set(Object.keys(NEWS_LINK_ATTRIBUTES));

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
        else if (isNewsUrlAttribute(name) && !keepsUrl(tag, name, value)) found.push(`${name} on <${tag}>`);
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
