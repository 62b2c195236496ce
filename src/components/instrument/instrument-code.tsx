// Symbols as sent, but English-word names ("WTI Oil") translated (docs/content.md "Languages").
import type { TFunction } from '../../i18n/index.ts';

export function shownCode(t: TFunction, code: string, showCode: string): string {
  if (!/\s/.test(showCode.trim())) return showCode;
  const key = `instrument_names.${code}`;
  const name = t(key);
  return name && name !== key ? name : showCode;
}
