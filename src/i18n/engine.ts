// A lazy chunk loaded after start-up, so the first screen's bytes do not carry i18next (src/i18n/first-texts.ts).
import i18next, { type i18n as I18n } from 'i18next';
import hk from '../../locales/hk.json';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';
import { normaliseLanguage } from './languages.ts';

type Bundle = Record<string, unknown>;
type Loader = () => Promise<Bundle>;

// A language whose file is not there yet falls back to English.
const globbed = import.meta.glob<Bundle>(['../../locales/*.json', '!../../locales/hk.json'], { import: 'default' });
const loaders = new Map<Language, Loader>();
for (const [path, load] of Object.entries(globbed)) {
  const code = normaliseLanguage(/([a-z]+)\.json$/.exec(path)?.[1]);
  if (code) loaders.set(code, load);
}

export interface Engine {
  i18n: I18n;
  /** English first for any other language than hk: the fallback. */
  ensureBundle(lang: Language): Promise<void>;
}

/** `changed` runs whenever what a `t` call returns may have changed, so components draw again. */
export async function createEngine(changed: () => void): Promise<Engine> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { [DEFAULT_LANGUAGE]: { translation: hk } },
    lng: DEFAULT_LANGUAGE,
    // English is the master file; hk is complete, so it is the last resort.
    fallbackLng: ['en', DEFAULT_LANGUAGE],
    interpolation: {
      // React escapes HTML; 'escape' only isolates each value in a right-to-left language (domain/bidi.ts).
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
      // Offline must not block the app: English or Chinese still render.
      console.warn(`locale ${lang} failed to load`, err);
    }
  };
  return { i18n, ensureBundle };
}
