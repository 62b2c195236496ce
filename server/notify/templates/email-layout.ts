// Table-free so mail clients render it alike; no remote images, no scripts (docs/notifications.md "Templates").

export interface EmailParts {
  lang: string;
  rtl: boolean;
  title: string;
  /** One paragraph per line. */
  body: string;
  phrase?: string | undefined;
  footer: string;
}

const paragraphs = (text: string): string =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('\n');

export function emailHtml(p: EmailParts): string {
  const dir = p.rtl ? 'rtl' : 'ltr';
  const phrase = p.phrase
    ? `<p style="margin:0 0 16px;padding:8px 12px;border:1px solid #c9d3e0;border-radius:6px;background:#f3f6fa" data-phrase>${escapeHtml(p.phrase)}</p>\n`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(p.lang)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(p.title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font:15px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 16px;font-weight:600;color:#1f5fbf">Tickwise</p>
${phrase}<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(p.title)}</h1>
${paragraphs(p.body)}
<p style="margin:24px 0 0;font-size:12px;color:#68707a">${escapeHtml(p.footer)}</p>
</div>
</body>
</html>
`;
}

/** Every value a template prints, an operator's reason or the trader's own phrase among them, is text, never markup. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
