// A first visit paints a real price before any module runs (docs/client.md "The live price in the first HTML").
import { readFileSync, statSync } from 'node:fs';
import { FIRST_QUOTES_ID, scriptSafeJson, type FirstQuotes } from '../../domain/first-quotes.ts';
import type { RiskWarning } from '../../domain/retail.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { MarketView } from '../market/market-view.ts';

/** Before the prerender's own data block, which the inline script after it reads too. */
const BOOT_BLOCK = '<script type="application/json" id="tw-boot">';
const BOOT_JSON = /<script type="application\/json" id="tw-boot">([\s\S]*?)<\/script>/;

interface PageParts {
  before: string;
  after: string;
  codes: readonly string[]; // the catalogue in the boot block
}

/** Null when the page has no prerendered first screen. */
export function splitPage(html: string): PageParts | null {
  const at = html.indexOf(BOOT_BLOCK);
  const boot = BOOT_JSON.exec(html)?.[1];
  if (at < 0 || boot === undefined) return null;
  try {
    const data = JSON.parse(boot) as { catalogue?: { Code?: unknown }[] };
    const codes = (data.catalogue ?? []).map((i) => i.Code).filter((c): c is string => typeof c === 'string');
    return { before: html.slice(0, at), after: html.slice(at), codes };
  } catch {
    return null;
  }
}

/** As the socket would send them. */
export function firstQuotes(
  market: Pick<MarketView, 'quoteTuple'>,
  codes: readonly string[],
  now: number,
  warning: RiskWarning | null = null,
): FirstQuotes {
  const q = codes.map((code) => market.quoteTuple(code)).filter((t): t is QuoteTuple => !!t && t[3] > 0);
  return warning ? { t: now, q, w: warning } : { t: now, q };
}

/** `warning` null (the database did not answer): the page keeps the warning's room and the app asks for it. */
export function pageWithQuotes(
  parts: PageParts,
  market: Pick<MarketView, 'quoteTuple'>,
  now: number,
  warning: RiskWarning | null,
): string {
  // Safe inside the HTML whatever a quote's text: a halt's reason is typed by the dealing desk.
  const snapshot = scriptSafeJson(firstQuotes(market, parts.codes, now, warning));
  return `${parts.before}<script type="application/json" id="${FIRST_QUOTES_ID}">${snapshot}</script>${parts.after}`;
}

/** The file parsed, read again when its mtime changes (a new build in the same DIST_DIR); `missing` while unreadable. */
export function readWhenChanged<T>(file: string, parse: (text: string) => T, missing: T): () => T {
  let seen = -1;
  let value = missing;
  return () => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== seen) {
        value = parse(readFileSync(file, 'utf8'));
        seen = mtime;
      }
    } catch {
      value = missing;
    }
    return value;
  };
}

export const servedPage = (file: string): (() => PageParts | null) => readWhenChanged(file, splitPage, null);
