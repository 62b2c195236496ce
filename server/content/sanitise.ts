// News HTML cleaned when a story is stored; the allow-list is domain/news-html.ts, shared with the app's sanitiser.
import sanitizeHtml from 'sanitize-html';
import {
  NEWS_ATTRIBUTES,
  NEWS_LINK_ATTRIBUTES,
  NEWS_TAGS,
  NEWS_URL_SCHEMES,
  isNewsUrlAttribute,
  newsUrlKept,
} from '../../domain/news-html.ts';

/** img keeps src's schemes, a keeps href's. */
const schemesByTag = Object.fromEntries(
  Object.entries(NEWS_ATTRIBUTES).flatMap(([tag, attributes]) => {
    const schemes = attributes.filter(isNewsUrlAttribute).flatMap((a) => NEWS_URL_SCHEMES[a]);
    return schemes.length > 0 ? [[tag, schemes]] : [];
  }),
);

/** sanitize-html's own scheme check stays as a second lock; this also refuses relative forms, as the app does. */
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
  nonTextTags: 'script style textarea option noscript iframe object embed svg math template'.split(' '),
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

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Entities are decoded again because the app renders these as text (React escapes them), never as HTML. */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e).trim();
}

const SET_BY_US = new Set(Object.keys(NEWS_LINK_ATTRIBUTES));

/** An operator's story is refused rather than silently cut; the sanitiser's own rules decide, so the two agree. */
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

/** Asked on the tag alone. */
function keepsUrl(tag: string, name: string, value: string): boolean {
  const quoted = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return sanitizeHtml(`<${tag} ${name}="${quoted}">`, OPTIONS).includes(`${name}="`);
}
