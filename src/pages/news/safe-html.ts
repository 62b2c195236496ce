// The second sanitiser (the server stored the news already sanitised): DOMPurify with the same allow-list shape,
// so a compromised or older server cannot put script into the page. Links open outside, without opener.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
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
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'];
// http(s)/mailto links; images only https or a same-origin path (no data:, no protocol-relative).
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/))/i;

let hooked = false;
function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of ['href', 'src']) {
      const v = node.getAttribute(attr);
      if (v !== null && !SAFE_URL.test(v.trim())) node.removeAttribute(attr);
    }
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
  });
}

/** Where DOMPurify cannot work (no full DOM: isSupported false) it would hand the input back unchanged: show the
 * story as escaped text instead of trusting it. */
const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function safeNewsHtml(html: string): string {
  if (!DOMPurify.isSupported) return escapeText(html);
  hook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
