// scripts/first-texts-plugin.ts allows only plain texts and `{{name}}` here, so this returns what i18next would.
import firstTexts from 'virtual:first-texts';
import { DEFAULT_LANGUAGE } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';

export type TOptions = Readonly<Record<string, unknown>>;

function lookUp(key: string): string | undefined {
  let node: unknown = firstTexts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * null when not a first-screen text. As i18next: a name not in `options` keeps its placeholder, one given as undefined
 * or null is left out.
 */
export function firstText(key: string, options?: TOptions): string | null {
  const text = lookUp(key);
  if (text === undefined) return null;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    options && Object.hasOwn(options, name) ? interpolatedValue(DEFAULT_LANGUAGE, options[name] ?? '') : whole,
  );
}
