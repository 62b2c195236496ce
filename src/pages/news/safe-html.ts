// A second sanitiser with the server's allow-list (domain/news-html.ts), so a compromised server cannot add script.
import DOMPurify from 'dompurify';
import {
  NEWS_ATTRIBUTES,
  NEWS_LINK_ATTRIBUTES,
  NEWS_TAGS,
  NEWS_URL_SCHEMES,
  newsUrlKept,
} from '../../../domain/news-html.ts';

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
