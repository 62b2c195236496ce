// hk's first sections are bundled so the first screen attaches without i18next; every other screen waits (allTexts).
import { get, set } from 'idb-keyval';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { languageInfo, normaliseLanguage } from './languages.ts';
import { cookieString, readCookie } from './cookie.ts';
import { $lang } from './lang-signal.ts';
import { firstText, type TOptions } from './first-texts.ts';
import type { Engine } from './engine.ts';

export { formatDate, formatMoney, formatNumber } from './format.ts';
export { LANGUAGE_LIST, languageInfo, normaliseLanguage } from './languages.ts';
export { $lang } from './lang-signal.ts';
export type { TOptions } from './first-texts.ts';

export type TFunction = (key: string, options?: TOptions) => string;

export const LANG_COOKIE = 'lang';
export const LANG_STORE_KEY = 'tw:lang';

// A plain store, so useTranslation follows text changes with useSyncExternalStore and no i18next loaded.
let version = 0;
const listeners = new Set<() => void>();

export function textsVersion(): number {
  return version;
}

function textsChanged(): void {
  version++;
  for (const l of [...listeners]) l();
}

export function onTextsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;
/** A key the first sections lacked was asked for: draw again once i18next is in. */
let missedFirst = false;
/** The language a start-up without i18next could not switch to, switched to once it is in. */
let afterLoad: (() => void) | null = null;

/** A failed load rejects once and is retried on the next call, so a route's chunk retry also retries the texts. */
export function allTexts(): Promise<void> {
  loading ??= import('./engine.ts')
    .then((m) => m.createEngine(textsChanged))
    .then(
      (e) => {
        engine = e;
        // first-texts.ts matches i18next for its keys: only a screen that asked for another key needs to draw again.
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

/** Before i18next is in, from the first sections (the key itself when not there). */
export function translate(key: string, options?: TOptions): string {
  if (engine) return engine.i18n.t(key, options);
  const text = firstText(key, options);
  if (text !== null) return text;
  missedFirst = true;
  return key;
}

/** Screens needing i18next itself run after allTexts, except getFixedT, which falls back to the current `t`. */
export const i18n = {
  t: translate,
  get language(): string {
    return engine?.i18n.language ?? $lang.peek();
  },
  exists: (key: string): boolean => (engine ? engine.i18n.exists(key) : firstText(key) !== null),
  getFixedT: (lang: Language): TFunction => {
    if (!engine) return translate;
    const fixed = engine.i18n.getFixedT(lang);
    return (key, options) => fixed(key, options);
  },
  addResource: (lang: Language, ns: string, key: string, value: string): void => {
    if (!engine) throw new Error('i18next is not loaded yet: await allTexts() first');
    engine.i18n.addResource(lang, ns, key, value);
  },
};

/** Cookie first (tw → hk), then the stored choice, then the default. */
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

/** In hk it resolves at once (i18next loads off the critical path); in another language, once its texts are in. */
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
    // Starting in hk's first texts beats not starting; a screen's retry (allTexts) switches once i18next is in.
    console.warn(`texts for ${lang} failed to load; starting in ${DEFAULT_LANGUAGE}`, err);
    show(DEFAULT_LANGUAGE);
    afterLoad = () => void switchTo(lang).catch(() => undefined);
    return DEFAULT_LANGUAGE;
  }
}

/** Tests and the build-time prerender need every text in before drawing. */
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

/** The cookie is shared with the server's `lang`. */
export async function setLanguage(lang: Language): Promise<void> {
  await switchTo(lang);
  document.cookie = cookieString(LANG_COOKIE, lang);
  try {
    await set(LANG_STORE_KEY, lang);
  } catch {
    // the cookie alone is enough to restore it
  }
}
