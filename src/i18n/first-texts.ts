// The first screen's texts before i18next is in (src/i18n/engine.ts is a lazy chunk): the default language's first
// sections (virtual:first-texts). scripts/first-texts-plugin.ts fails the build unless every text there is plain or
// has only `{{name}}` placeholders (no plurals, nesting, formats or context), so what this returns is what i18next
// returns for them; tests/unit/src/i18n/first-texts-t.test.tsx holds the two to that, key by key.
import firstTexts from 'virtual:first-texts';
import { DEFAULT_LANGUAGE } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';

export type TOptions = Readonly<Record<string, unknown>>;

/** The text of a dotted key in the first sections, or undefined. */
function lookUp(key: string): string | undefined {
  let node: unknown = firstTexts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `key`'s default-language text with its `{{name}}` values, or null when the key is not a first-screen text (the
 * caller then answers as i18next does for a missing key). A value missing from `options` leaves its placeholder, as
 * i18next does.
 */
export function firstText(key: string, options?: TOptions): string | null {
  const text = lookUp(key);
  if (text === undefined) return null;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    options?.[name] === undefined ? whole : interpolatedValue(DEFAULT_LANGUAGE, options[name]),
  );
}
