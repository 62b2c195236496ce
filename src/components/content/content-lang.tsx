// Content in its own languages (docs/content.md "Content languages"): a fallback marker, and reloads on a switch.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Language } from '../../../domain/types.ts';
import { $lang } from '../../i18n/lang-signal.ts';
import { languageInfo } from '../../i18n/languages.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import './content-lang.css';

/** A content screen lists it among what its load depends on, so a switch loads it again. */
export function useContentLanguage(): Language {
  useSignals();
  return $lang.value;
}

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
