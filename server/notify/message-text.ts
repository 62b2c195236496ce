// A message's plain text in the recipient's language, from the locale files: `notices.<kind>` (the verification code
// keeps its long-standing key, server.code_text). The e-mail templates build their HTML and text parts around it.
import { DEFAULT_LANGUAGE } from '../../domain/types.ts';
import { translate } from '../http/i18n.ts';
import type { Message, MessageKind } from '../services.ts';

const TEXT_KEY: Partial<Record<MessageKind, string>> = { verification_code: 'server.code_text' };

export const messageTextKey = (kind: MessageKind): string => TEXT_KEY[kind] ?? `notices.${kind}`;

export function messageText(message: Message): string {
  return translate(message.lang ?? DEFAULT_LANGUAGE, messageTextKey(message.kind), message.values);
}
