// The anti-phishing phrase's rule for the form and the server (docs/notifications.md "Anti-phishing phrase").

export const PHRASE_MIN = 4;
export const PHRASE_MAX = 32;

const ALLOWED = /^[\p{L}\p{M}\p{N} .,!?'_-]+$/u;

export type PhraseCheck = { valid: true; phrase: string | null } | { valid: false };

/** null clears it (empty). */
export function checkPhrase(raw: string): PhraseCheck {
  const phrase = raw.trim().replace(/\s+/g, ' ');
  if (phrase === '') return { valid: true, phrase: null };
  const length = [...phrase].length;
  if (length < PHRASE_MIN || length > PHRASE_MAX || !ALLOWED.test(phrase)) return { valid: false };
  return { valid: true, phrase };
}
