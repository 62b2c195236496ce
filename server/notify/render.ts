// The e-mail's HTML is table-free so mail clients render it alike; no remote images, no scripts, every value escaped
// (docs/notifications.md "Templates").
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { isRtlLanguage } from '../../domain/bidi.ts';
import { translate } from '../http/i18n.ts';
import type { Message, MessageKind } from '../core/services.ts';
import { messageText } from './message-text.ts';

/** Also the in-app notice's title. */
export function messageSubject(kind: MessageKind, lang: Language): string {
  return translate(lang, `notices.subject.${kind}`);
}

function phraseLine(lang: Language, phrase: string | null | undefined): string | undefined {
  return phrase ? translate(lang, 'notices.phrase_line', { phrase }) : undefined;
}

export function renderEmail(message: Message, phrase?: string | null) {
  const lang = message.lang ?? DEFAULT_LANGUAGE;
  const subject = messageSubject(message.kind, lang);
  const body = messageText(message);
  const line = phraseLine(lang, phrase);
  const footer = translate(lang, 'notices.footer');
  const text = [line, body, '', footer].filter((s) => s !== undefined).join('\n');
  const html = emailHtml(lang, subject, body, line, footer);
  return { subject: `Tickwise: ${subject}`, text, html };
}

/** The phrase first: a forged SMS cannot know it. */
export function renderSms(message: Message, phrase?: string | null): string {
  const lang = message.lang ?? DEFAULT_LANGUAGE;
  const line = phraseLine(lang, phrase);
  return ['[Tickwise]', line, messageText(message)].filter((s) => s !== undefined).join(' ');
}

const paragraphs = (text: string): string =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('\n');

function emailHtml(lang: Language, title: string, body: string, phrase: string | undefined, footer: string): string {
  const dir = isRtlLanguage(lang) ? 'rtl' : 'ltr';
  const phraseHtml = phrase
    ? `<p style="margin:0 0 16px;padding:8px 12px;border:1px solid #c9d3e0;border-radius:6px;background:#f3f6fa" data-phrase>${escapeHtml(phrase)}</p>\n`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font:15px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 16px;font-weight:600;color:#1f5fbf">Tickwise</p>
${phraseHtml}<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h1>
${paragraphs(body)}
<p style="margin:24px 0 0;font-size:12px;color:#68707a">${escapeHtml(footer)}</p>
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
