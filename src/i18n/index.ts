// i18next + react-i18next: traditional Chinese (hk) is the default, every other language is a lazy chunk.
// Of hk, only the sections the first screen draws are bundled (virtual:first-texts, made by
// scripts/first-texts-plugin.ts at build time); the whole file follows as a lazy chunk right after start-up
// (allTexts), and every other screen waits for it (lazyPage). A supported code in the `lang` cookie wins (tw → hk);
// the choice also persists in idb-keyval.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { get, set } from 'idb-keyval';
import firstTexts from 'virtual:first-texts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/types.ts';
import { interpolatedValue } from '../domain/bidi.ts';
import { languageInfo, normaliseLanguage } from './languages.ts';
import { cookieString, readCookie } from './cookie.ts';
import { $lang } from './lang-signal.ts';

export { formatDate, formatMoney, formatNumber } from './format.ts';
export { LANGUAGE_LIST, languageInfo, normaliseLanguage } from './languages.ts';
export { $lang } from './lang-signal.ts';

type Bundle = Record<string, unknown>;
type Loader = () => Promise<Bundle>;

export const LANG_COOKIE = 'lang';
export const LANG_STORE_KEY = 'tw:lang';

// Vite turns each file into its own chunk; a language whose file is not there yet simply falls back to English.
const globbed = import.meta.glob<Bundle>(['../../locales/*.json', '!../../locales/hk.json'], { import: 'default' });
const loaders = new Map<Language, Loader>();
for (const [path, load] of Object.entries(globbed)) {
  const code = normaliseLanguage(/([a-z]+)\.json$/.exec(path)?.[1]);
  if (code) loaders.set(code, load);
}

let rest: Promise<void> | null = null;

/**
 * Resolves when the whole hk file is loaded (every screen but the first needs it). Started by initI18n; a failed
 * load (offline) rejects once and is tried again on the next call, so a route's chunk retry also retries the texts.
 */
export function allTexts(): Promise<void> {
  rest ??= import('../../locales/hk.json').then(
    (m) => void i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', m.default, true, false),
    (err: unknown) => {
      rest = null;
      throw err;
    },
  );
  return rest;
}

/** The app's one i18next instance (components use `useTranslation()`). */
export const i18n: I18n = i18next.createInstance();

/** Cookie first (tw → hk), then the stored choice, then the default (traditional Chinese). */
export function detectLanguage(cookies: string, stored: string | null | undefined): Language {
  return normaliseLanguage(readCookie(cookies, LANG_COOKIE)) ?? normaliseLanguage(stored) ?? DEFAULT_LANGUAGE;
}

async function ensureBundle(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const load = loaders.get(lang);
  if (!load) return; // not translated yet: i18next falls back to English
  try {
    i18n.addResourceBundle(lang, 'translation', await load(), true, true);
  } catch (err) {
    // A chunk that fails to load (offline) must not block the app: English or Chinese still render.
    console.warn(`locale ${lang} failed to load`, err);
  }
}

/** <html lang> and dir follow the language (Arabic is right-to-left). */
export function applyDocumentLanguage(lang: Language, doc: Document = document): void {
  const info = languageInfo(lang);
  doc.documentElement.lang = info.bcp47;
  doc.documentElement.dir = info.dir;
}

async function readStoredLanguage(): Promise<string | null> {
  try {
    return (await get<string>(LANG_STORE_KEY)) ?? null;
  } catch {
    return null; // private mode / no IndexedDB
  }
}

let setUp: Promise<unknown> | null = null;

/** Set up i18next (once) and switch to the detected language; resolves when its texts are ready. */
export async function initI18n(opts: { cookies?: string } = {}): Promise<Language> {
  setUp ??= i18n.use(initReactI18next).init({
    resources: { hk: { translation: firstTexts } },
    lng: DEFAULT_LANGUAGE,
    // English is the master file; hk is complete (once allTexts has loaded it), so it is the last resort.
    fallbackLng: ['en', 'hk'],
    interpolation: {
      // React escapes HTML; the 'escape' step only isolates each value in a right-to-left language, so a number, a
      // code or a Latin name keeps its own direction inside an Arabic sentence (domain/bidi.ts).
      escapeValue: true,
      escape: (value: unknown) => interpolatedValue(normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE, value),
    },
    // A component drawn before the rest of hk arrived draws again when it does (the desktop nav's fund label).
    react: { bindI18nStore: 'added' },
  });
  await setUp;
  // Off the first screen's critical path: not awaited here, awaited by every lazy screen but the first.
  allTexts().catch(() => undefined);
  const lang = detectLanguage(opts.cookies ?? document.cookie, await readStoredLanguage());
  await switchTo(lang);
  return lang;
}

async function switchTo(lang: Language): Promise<void> {
  if (lang !== DEFAULT_LANGUAGE) await ensureBundle('en');
  await ensureBundle(lang);
  await i18n.changeLanguage(lang);
  $lang.value = lang;
  if (typeof document !== 'undefined') applyDocumentLanguage(lang); // not at build time (src/boot/prerender.tsx)
}

/** The user's choice: load, switch, remember in the cookie (shared with the server's `lang`) and idb. */
export async function setLanguage(lang: Language): Promise<void> {
  await switchTo(lang);
  document.cookie = cookieString(LANG_COOKIE, lang);
  try {
    await set(LANG_STORE_KEY, lang);
  } catch {
    // the cookie alone is enough to restore it
  }
}

/** The language in use (what the `lang` header carries). */
export function currentLanguage(): Language {
  return $lang.peek();
}
