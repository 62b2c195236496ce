// The app's texts: i18next (src/i18n/engine.ts), loaded as a lazy chunk, with traditional Chinese (hk) the default
// and every other language a lazy chunk of its own. Until it is in, the first screen's texts come from the bundled
// first sections of hk (virtual:first-texts, src/i18n/first-texts.ts), so a visitor's first screen attaches and
// answers with no i18next on the first screen's bytes; every other screen waits for it (allTexts, lazyPage). Another
// language than hk waits for i18next before the first render (its screen is not the prerendered one anyway).
// A supported code in the `lang` cookie wins (tw → hk); the choice also persists in idb-keyval.
import { get, set } from 'idb-keyval';
import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { languageInfo, normaliseLanguage } from './languages.ts';
import { cookieString, readCookie } from './cookie.ts';
import { $lang } from './lang-signal.ts';
import { firstText, type TOptions } from './first-texts.ts';
import { textsChanged } from './texts-version.ts';
import type { Engine } from './engine.ts';

export { formatDate, formatMoney, formatNumber } from './format.ts';
export { LANGUAGE_LIST, languageInfo, normaliseLanguage } from './languages.ts';
export { $lang } from './lang-signal.ts';
export type { TOptions } from './first-texts.ts';

/** What components and callers translate with: a key (and its values) to the current language's text. */
export type TFunction = (key: string, options?: TOptions) => string;

export const LANG_COOKIE = 'lang';
export const LANG_STORE_KEY = 'tw:lang';

let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;
/** A key asked for before i18next was in that the first sections do not hold: draw again once it is in. */
let missedFirst = false;
/** The language a start-up without i18next could not switch to, switched to once it is in. */
let afterLoad: (() => void) | null = null;

/**
 * Resolves when i18next and the whole hk file are in (every screen but the first needs them). Started by
 * startI18n; a failed load (offline) rejects once and is tried again on the next call, so a route's chunk retry
 * also retries the texts.
 */
export function allTexts(): Promise<void> {
  loading ??= import('./engine.ts')
    .then((m) => m.createEngine(textsChanged))
    .then(
      (e) => {
        engine = e;
        // The first screen drew what first-texts.ts had, which is what i18next says for those keys: only a screen
        // that asked for another key (the desktop nav's fund label) needs to draw again.
        if (missedFirst) textsChanged();
        afterLoad?.();
        afterLoad = null;
        return e;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
  return loading.then(() => undefined);
}

/** `key` in the current language; before i18next is in, from the first sections (the key itself when not there). */
export function translate(key: string, options?: TOptions): string {
  if (engine) return engine.i18n.t(key, options);
  const text = firstText(key, options);
  if (text !== null) return text;
  missedFirst = true;
  return key;
}

function loadedEngine(): I18n {
  if (!engine) throw new Error('i18next is not loaded yet: await allTexts() first');
  return engine.i18n;
}

/**
 * The few i18next calls beyond `t` that screens and tests make. Every screen but the first waits for allTexts, so
 * those that need i18next itself (another language's fixed `t`, a key check) only run once it is in.
 */
export const i18n = {
  t: translate,
  get language(): string {
    return engine?.i18n.language ?? $lang.peek();
  },
  exists: (key: string): boolean => (engine ? engine.i18n.exists(key) : firstText(key) !== null),
  /** A `t` for one language; before i18next is in (a screen drawn without waiting for it), the current one's. */
  getFixedT: (lang: Language): TFunction => {
    if (!engine) return translate;
    const fixed = engine.i18n.getFixedT(lang);
    return (key, options) => fixed(key, options);
  },
  addResource: (lang: Language, ns: string, key: string, value: string): void =>
    void loadedEngine().addResource(lang, ns, key, value),
};

/** Cookie first (tw → hk), then the stored choice, then the default (traditional Chinese). */
export function detectLanguage(cookies: string, stored: string | null | undefined): Language {
  return normaliseLanguage(readCookie(cookies, LANG_COOKIE)) ?? normaliseLanguage(stored) ?? DEFAULT_LANGUAGE;
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

function detect(opts: { cookies?: string }): Promise<Language> {
  allTexts().catch(() => undefined); // offline: the first screen still draws; other screens retry with their chunk
  return readStoredLanguage().then((stored) => detectLanguage(opts.cookies ?? document.cookie, stored));
}

/**
 * Start-up: detects the language and starts loading i18next. In hk (the default) it resolves at once: the first
 * screen draws from the first sections, i18next follows off the critical path. In any other language it resolves
 * when that language's texts are in.
 */
export async function startI18n(opts: { cookies?: string } = {}): Promise<Language> {
  const lang = await detect(opts);
  if (lang === DEFAULT_LANGUAGE && !engine) {
    show(lang);
    return lang;
  }
  try {
    await switchTo(lang);
    return lang;
  } catch (err) {
    // i18next's chunk did not load (offline on a first visit): the app starts in hk's first texts rather than not at
    // all, and switches once a screen's retry (allTexts) brings it in.
    console.warn(`texts for ${lang} failed to load; starting in ${DEFAULT_LANGUAGE}`, err);
    show(DEFAULT_LANGUAGE);
    afterLoad = () => void switchTo(lang).catch(() => undefined);
    return DEFAULT_LANGUAGE;
  }
}

/** Resolves when i18next and the detected language's texts are all in (tests, the build-time prerender). */
export async function initI18n(opts: { cookies?: string } = {}): Promise<Language> {
  const lang = await detect(opts);
  await switchTo(lang);
  return lang;
}

function show(lang: Language): void {
  $lang.value = lang;
  if (typeof document !== 'undefined') applyDocumentLanguage(lang); // not at build time (src/boot/prerender.tsx)
}

async function switchTo(lang: Language): Promise<void> {
  await allTexts();
  const e = engine as Engine; // allTexts set it
  if (lang !== DEFAULT_LANGUAGE) await e.ensureBundle('en');
  await e.ensureBundle(lang);
  await e.i18n.changeLanguage(lang);
  show(lang);
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
