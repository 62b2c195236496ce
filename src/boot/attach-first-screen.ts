// The app's side of the prerendered first screen: whether to attach, and the state and code to have ready before it.
import { batch } from '@preact/signals-react';
import { $lang } from '../i18n/lang-signal.ts';
import { $loggedIn } from '../state/account/session.ts';
import { $currentCode } from '../state/market/current-code.ts';
import { $instruments, setProvisionalInstruments } from '../state/market/instruments.ts';
import { quote } from '../state/market/quotes.ts';
import { $dataAsOf } from '../state/feed/feed-signals.ts';
import { isWide } from '../components/hooks/use-wide.ts';
import { loadVirtualizer } from '../components/instrument/lazy-virtualizer.tsx';
import { ROUTES } from '../app/routes.tsx';
import { preloadPage } from '../app/routing/lazy-page.tsx';
import { seedRiskWarning, seedStoredRiskWarning } from '../state/account/retail.ts';
import {
  clearPaintMarks,
  hashCode,
  hashPath,
  readBootData,
  NOTHING_PAINTED,
  readFirstQuotes,
  type LastKnownQuote,
} from './first-paint.ts';
import { afterLateParts, beginAttach } from './attach.ts';

// Attach only where the HTML matches what the app would draw: a visitor's phone, default language, first instrument.
export interface AttachFacts {
  pre: string; // root.dataset.pre ('' for the start-up shell)
  path: string;
  lang: string;
  drawnLang: string;
  wide: boolean;
  loggedIn: boolean; // the header's account link and /trade's account strip differ
  currentCode: string | null;
  drawnCode: string;
}

export function canAttach(f: AttachFacts): boolean {
  if (f.pre === '' || f.pre !== f.path || f.lang !== f.drawnLang || f.wide || f.loggedIn) return false;
  return f.path !== '/trade' || f.currentCode === null || f.currentCode === f.drawnCode;
}

/** Called once attached (the prerender drew no prices) in the same commit, so LiveText keeps the painted text. */
export function seedLastKnown(quotes: readonly LastKnownQuote[]): void {
  batch(() => {
    let asOf = $dataAsOf.peek();
    for (const k of quotes) {
      const q = quote(k.code);
      if (q.$tickAt.peek() >= k.time) continue; // something newer got here first
      q.$close.value = k.price;
      q.$change.value = k.change;
      q.$dir.value = k.dir;
      q.$open.value = k.open;
      if (k.state === 'halted') q.$halt.value = k.reason ?? '';
      q.$tickAt.value = k.time;
      if (k.time > asOf) asOf = k.time;
    }
    $dataAsOf.value = asOf;
  });
}

/** False: drawn afresh with createRoot, the last-known quotes already in their signals. */
export async function prepareAttach(doc: Document, win: Window): Promise<boolean> {
  const root = doc.getElementById('root');
  const data = readBootData(doc);
  const path = hashPath(win.location.hash);
  // Before the first render, which then draws the text the inline script painted (or, drawn afresh, has it at once).
  const served = readFirstQuotes(doc)?.w;
  if (served) seedRiskWarning(served);
  // The list's virtualiser chunk is asked for beside the route's so the list never draws as a fallback.
  const virtualizer = path === '/' || isWide() ? loadVirtualizer().catch(() => undefined) : undefined;
  const { quotes, warning: stored } = await (win.__twBoot ?? Promise.resolve(NOTHING_PAINTED));
  if (!served && stored) seedStoredRiskWarning(stored);
  // Decided here, not by the page's effect, so the app draws the instrument the inline script painted.
  const asked = hashCode(win.location.hash);
  if (path === '/trade' && asked !== null) $currentCode.value = asked;
  const route = ROUTES.find((r) => r.path === path);
  const ok =
    root !== null &&
    data !== null &&
    route !== undefined &&
    canAttach({
      pre: root.dataset.pre ?? '',
      path,
      lang: $lang.peek(),
      drawnLang: data.lang,
      wide: isWide(),
      loggedIn: $loggedIn.peek(),
      currentCode: $currentCode.peek(),
      drawnCode: data.tradeCode,
    });
  if (!ok) {
    // The page's catalogue until trade_list answers, so the painted screen is drawn again rather than "loading".
    if (data !== null && $instruments.peek().length === 0) setProvisionalInstruments(data.catalogue);
    seedLastKnown(quotes);
    // A first render suspending on the route's chunk would put a spinner over the painted screen.
    await Promise.all([virtualizer, route ? preloadPage(route.element).catch(() => undefined) : undefined]);
    return false;
  }
  await preloadPage(route.element);
  setProvisionalInstruments(data.catalogue);
  // Rows may attach in a later commit (src/boot/attach.ts "LatePart") and must find the prerender's state.
  beginAttach(path, () =>
    afterLateParts(() => {
      seedLastKnown(quotes);
      clearPaintMarks(root); // the app's own marking shows the age from here
    }),
  );
  root.dataset.attached = 'true';
  return true;
}
