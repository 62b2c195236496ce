// i18next itself, with the whole default-language file and the loaders of the other 17: a lazy chunk (the library and
// the hk texts) that src/i18n/index.ts loads once after start-up, so the first screen's bytes do not
// carry it (its texts come from virtual:first-texts until this is in; src/i18n/first-texts.ts).
import i18next, { type i18n as I18n } from 'i18next';
import hk from '../../locales/hk.json';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';
import { normaliseLanguage } from './languages.ts';

type Bundle = Record<string, unknown>;
type Loader = () => Promise<Bundle>;

// Vite turns each file into its own chunk; a language whose file is not there yet simply falls back to English.
const globbed = import.meta.glob<Bundle>(['../../locales/*.json', '!../../locales/hk.json'], { import: 'default' });
const loaders = new Map<Language, Loader>();
for (const [path, load] of Object.entries(globbed)) {
  const code = normaliseLanguage(/([a-z]+)\.json$/.exec(path)?.[1]);
  if (code) loaders.set(code, load);
}

export interface Engine {
  i18n: I18n;
  /** Loads a language's file into the instance (English first for any other language than hk: the fallback). */
  ensureBundle(lang: Language): Promise<void>;
}

/**
 * The app's one i18next instance, set up with all of hk. `changed` runs whenever what a `t` call returns may have
 * changed (a language switch, texts added): the components' hook draws again (what react-i18next's
 * `bindI18nStore: 'added'` did).
 */
export async function createEngine(changed: () => void): Promise<Engine> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { [DEFAULT_LANGUAGE]: { translation: hk } },
    lng: DEFAULT_LANGUAGE,
    // English is the master file; hk is complete, so it is the last resort.
    fallbackLng: ['en', DEFAULT_LANGUAGE],
    interpolation: {
      // React escapes HTML; the 'escape' step only isolates each value in a right-to-left language, so a number, a
      // code or a Latin name keeps its own direction inside an Arabic sentence (domain/bidi.ts).
      escapeValue: true,
      escape: (value: unknown) => interpolatedValue(normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE, value),
    },
  });
  i18n.on('languageChanged', changed);
  i18n.store.on('added', changed);
  const ensureBundle = async (lang: Language): Promise<void> => {
    if (i18n.hasResourceBundle(lang, 'translation')) return;
    const load = loaders.get(lang);
    if (!load) return; // not translated yet: i18next falls back to English
    try {
      i18n.addResourceBundle(lang, 'translation', await load(), true, true);
    } catch (err) {
      // A chunk that fails to load (offline) must not block the app: English or Chinese still render.
      console.warn(`locale ${lang} failed to load`, err);
    }
  };
  return { i18n, ensureBundle };
}
