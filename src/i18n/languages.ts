// The 18 interface languages: native names for the picker, BCP 47 tags for <html lang> and Intl, text direction.
import { LANGUAGES, type Language } from '../domain/types.ts';

export interface LanguageInfo {
  code: Language;
  native: string; // shown in the picker in its own script, so anyone can find their language
  bcp47: string; // for <html lang> and Intl
  dir: 'ltr' | 'rtl';
}

const INFO: Readonly<Record<Language, Omit<LanguageInfo, 'code'>>> = {
  hk: { native: '繁體中文', bcp47: 'zh-Hant-HK', dir: 'ltr' },
  en: { native: 'English', bcp47: 'en', dir: 'ltr' },
  jp: { native: '日本語', bcp47: 'ja', dir: 'ltr' },
  kr: { native: '한국어', bcp47: 'ko', dir: 'ltr' },
  th: { native: 'ไทย', bcp47: 'th', dir: 'ltr' },
  vn: { native: 'Tiếng Việt', bcp47: 'vi', dir: 'ltr' },
  fr: { native: 'Français', bcp47: 'fr', dir: 'ltr' },
  de: { native: 'Deutsch', bcp47: 'de', dir: 'ltr' },
  ru: { native: 'Русский', bcp47: 'ru', dir: 'ltr' },
  spa: { native: 'Español', bcp47: 'es', dir: 'ltr' },
  pt: { native: 'Português', bcp47: 'pt', dir: 'ltr' },
  ar: { native: 'العربية', bcp47: 'ar', dir: 'rtl' },
  it: { native: 'Italiano', bcp47: 'it', dir: 'ltr' },
  tr: { native: 'Türkçe', bcp47: 'tr', dir: 'ltr' },
  id: { native: 'Bahasa Indonesia', bcp47: 'id', dir: 'ltr' },
  // "my" is read as Malay (Malaysia), the market these apps serve, not Burmese: see docs/client.md.
  my: { native: 'Bahasa Melayu', bcp47: 'ms', dir: 'ltr' },
  hi: { native: 'हिन्दी', bcp47: 'hi', dir: 'ltr' },
  cs: { native: 'Čeština', bcp47: 'cs', dir: 'ltr' },
};

export const LANGUAGE_LIST: readonly LanguageInfo[] = LANGUAGES.map((code) => ({ code, ...INFO[code] }));

export function languageInfo(code: Language): LanguageInfo {
  return { code, ...INFO[code] };
}

export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** A code from a cookie or storage → a supported language, or null. `tw` is served in traditional Chinese (hk). */
export function normaliseLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const c = code.trim().toLowerCase();
  if (c === 'tw') return 'hk';
  return isLanguage(c) ? c : null;
}
