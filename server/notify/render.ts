// Every value is escaped in the HTML layout (server/notify/templates/email-layout.ts).
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { isRtlLanguage } from '../../domain/bidi.ts';
import { translate } from '../http/i18n.ts';
import type { Message, MessageKind } from '../core/services.ts';
import { messageText } from './message-text.ts';
import { emailHtml } from './templates/email-layout.ts';

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
  const html = emailHtml({ lang, rtl: isRtlLanguage(lang), title: subject, body, phrase: line, footer });
  return { subject: `Tickwise: ${subject}`, text, html };
}

/** The phrase first: a forged SMS cannot know it. */
export function renderSms(message: Message, phrase?: string | null): string {
  const lang = message.lang ?? DEFAULT_LANGUAGE;
  const line = phraseLine(lang, phrase);
  return ['[Tickwise]', line, messageText(message)].filter((s) => s !== undefined).join(' ');
}
