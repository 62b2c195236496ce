import { LANGUAGES, type Language } from '../../domain/types.ts';
import { isRtlLanguage } from '../../domain/bidi.ts';

export interface LanguageInfo {
  code: Language;
  native: string; // in its own script, so anyone can find their language
  bcp47: string; // for <html lang> and Intl
  dir: 'ltr' | 'rtl';
}

const INFO: Readonly<Record<Language, Omit<LanguageInfo, 'code' | 'dir'>>> = {
  hk: { native: '繁體中文', bcp47: 'zh-Hant-HK' },
  en: { native: 'English', bcp47: 'en' },
  jp: { native: '日本語', bcp47: 'ja' },
  kr: { native: '한국어', bcp47: 'ko' },
  th: { native: 'ไทย', bcp47: 'th' },
  vn: { native: 'Tiếng Việt', bcp47: 'vi' },
  fr: { native: 'Français', bcp47: 'fr' },
  de: { native: 'Deutsch', bcp47: 'de' },
  ru: { native: 'Русский', bcp47: 'ru' },
  spa: { native: 'Español', bcp47: 'es' },
  pt: { native: 'Português', bcp47: 'pt' },
  ar: { native: 'العربية', bcp47: 'ar' },
  it: { native: 'Italiano', bcp47: 'it' },
  tr: { native: 'Türkçe', bcp47: 'tr' },
  id: { native: 'Bahasa Indonesia', bcp47: 'id' },
  // "my" is Malay (Malaysia), the market these apps serve, not Burmese: see docs/client.md.
  my: { native: 'Bahasa Melayu', bcp47: 'ms' },
  hi: { native: 'हिन्दी', bcp47: 'hi' },
  cs: { native: 'Čeština', bcp47: 'cs' },
};

export function languageInfo(code: Language): LanguageInfo {
  return { code, ...INFO[code], dir: isRtlLanguage(code) ? 'rtl' : 'ltr' }; // the one list of RTL languages: domain/bidi.ts
}

export const LANGUAGE_LIST: readonly LanguageInfo[] = LANGUAGES.map(languageInfo);

export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** `tw` is served in traditional Chinese (hk). */
export function normaliseLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const c = code.trim().toLowerCase();
  if (c === 'tw') return 'hk';
  return isLanguage(c) ? c : null;
}
