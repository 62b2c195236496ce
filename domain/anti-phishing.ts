// The anti-phishing phrase's rule, one for the form and the server (docs/notifications.md "Anti-phishing phrase"): a
// short phrase the trader picks, printed in every e-mail and SMS about the account, so a message without it is
// forged. Letters and digits of any script, spaces and a little punctuation; no markup, no link, no control character.

export const PHRASE_MIN = 4;
export const PHRASE_MAX = 32;

const ALLOWED = /^[\p{L}\p{M}\p{N} .,!?'_-]+$/u;

/** The phrase to keep (trimmed, inner spaces folded), null to clear it (empty), or 'invalid'. */
export function checkPhrase(raw: string): string | null | 'invalid' {
  const phrase = raw.trim().replace(/\s+/g, ' ');
  if (phrase === '') return null;
  const length = [...phrase].length;
  if (length < PHRASE_MIN || length > PHRASE_MAX || !ALLOWED.test(phrase)) return 'invalid';
  return phrase;
}
