// Content in its own languages (docs/content.md "Content languages"): the language a news item or a fund is served
// in comes with it (`lang`); where it is not the reader's — a fallback — a small marker says which language is shown
// ("Shown in English" in the reader's language). And the language the content screens load for, so a switch of
// language loads them again (no English left on screen after switching to hk, no hk after switching to en).
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Language } from '../../../domain/types.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import { languageInfo } from '../../i18n/languages.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import './content-lang.css';

/** The reader's language, re-rendering on a switch: a content screen lists it among what its load depends on. */
export function useContentLanguage(): Language {
  useSignals();
  return $lang.value;
}

/** The name of language `served` in the reader's language ("English", "英文", "الإنجليزية"). */
export function languageName(served: Language, reader: Language): string {
  try {
    const names = new Intl.DisplayNames([languageInfo(reader).bcp47], { type: 'language', fallback: 'none' });
    const name = names.of(languageInfo(served).bcp47);
    if (name) return name;
  } catch {
    // no Intl.DisplayNames: the language's own name below
  }
  return languageInfo(served).native;
}

/** Nothing when `served` is the reader's language; otherwise the fallback marker. */
export function ContentLangMark({ served }: { served: Language | undefined }): ReactElement | null {
  const reader = useContentLanguage();
  const { t } = useTranslation();
  if (!served || served === reader) return null;
  return (
    // In the reader's language and direction, also inside an article that reads the other way (dir="auto").
    <span
      className="content-lang-mark"
      data-testid="content-lang-mark"
      data-served={served}
      lang={languageInfo(reader).bcp47}
      dir={languageInfo(reader).dir}
    >
      {t('content_texts.shown_in', { language: languageName(served, reader) })}
    </span>
  );
}
