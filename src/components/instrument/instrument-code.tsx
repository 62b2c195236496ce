// What a screen calls an instrument (docs/content.md "Languages"): its symbol as the server sends it (EUR/USD,
// XAU/USD, BTC/USDT), except where that "symbol" is a name in English words (the energy contracts' "WTI Oil",
// "Brent Oil", "Natural Gas"): those are shown by their name in the trader's language (locales' instrument_names).
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The shown code: the translated name when the server's ShowCode is words, not a symbol. */
export function shownCode(t: TFunction, code: string, showCode: string): string {
  if (!/\s/.test(showCode.trim())) return showCode;
  const key = `instrument_names.${code}`;
  const name = t(key);
  return name && name !== key ? name : showCode;
}

/** shownCode as a hook, for components that render a code. */
export function useShownCode(code: string, showCode: string): string {
  const { t } = useTranslation();
  return shownCode(t, code, showCode);
}
