// The app's side of the prerendered first screen: decides whether to attach (canAttach), and if so puts the
// state the prerender drew with into the signals before React attaches (the catalogue), loads the route's code ahead
// so its first render does not suspend, and once attached writes the last-known quotes the inline script painted
// into their signals.
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
import { clearPaintMarks, hashCode, hashPath, readBootData, type LastKnownQuote } from './first-paint.ts';
import { afterLateParts, beginAttach } from './attach.ts';

// Whether the app may attach to the prerendered screen (hydrateRoot) or must draw its own (createRoot): the
// prerender is a visitor's, in the default language, on a phone, showing the catalogue's first instrument on /trade.
// Anything else would differ from that HTML, and React would redraw it anyway.
export interface AttachFacts {
  pre: string; // root.dataset.pre: the screen the inline script left in #root ('' for the start-up shell)
  path: string; // the route the hash asks for now
  lang: string; // the language the app starts in
  drawnLang: string; // the language the prerender drew
  wide: boolean;
  loggedIn: boolean; // a session (or its hint): the header's account link and /trade's account strip differ
  currentCode: string | null; // /trade's instrument
  drawnCode: string; // the one the prerender drew
}

export function canAttach(f: AttachFacts): boolean {
  if (f.pre === '' || f.pre !== f.path || f.lang !== f.drawnLang || f.wide || f.loggedIn) return false;
  return f.path !== '/trade' || f.currentCode === null || f.currentCode === f.drawnCode;
}

/**
 * Writes the last-known quotes into their signals, stale (the default) with their time, as the inline script painted
 * them. Called when React has attached (not before: the prerender drew no prices, and the order form's hints follow
 * the price), in the same commit, so each LiveText writes the painted text back before the browser paints again.
 */
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

/**
 * True when the app attaches to the prerendered screen (its state seeded, the last-known quotes written once it has
 * attached); false: it draws afresh with createRoot, and the last-known quotes the inline script painted are in their
 * signals already, so the fresh drawing shows them too.
 */
export async function prepareAttach(doc: Document, win: Window): Promise<boolean> {
  const root = doc.getElementById('root');
  const data = readBootData(doc);
  const path = hashPath(win.location.hash);
  // The market list's virtualiser is a chunk of its own (lazy-virtualizer.tsx): asked for now, beside the route's,
  // where a list shows first (`/`, the desk). Attaching, React attaches to the rest of the screen without it and to
  // the rows when it is in; drawn afresh, the first render waits for it, so the list never draws as a fallback.
  const virtualizer = path === '/' || isWide() ? loadVirtualizer().catch(() => undefined) : undefined;
  const quotes = await (win.__twBoot ?? Promise.resolve([]));
  // "/trade?code=X" shows X (the page's own effect would switch to it after its first render): decided here, so
  // the app draws the instrument the inline script painted, not the stored one first.
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
    // Drawn afresh: still with the page's catalogue until trade_list answers (it replaces it), so the screen the
    // inline script painted (a linked /trade instrument, a session's screen) is drawn again, not "loading".
    if (data !== null && $instruments.peek().length === 0) setProvisionalInstruments(data.catalogue);
    seedLastKnown(quotes);
    // The route's code too, as when attaching: a first render that suspended on it would put the page's fallback (a
    // spinner) in place of the screen the inline script painted, until the chunk came.
    await Promise.all([virtualizer, route ? preloadPage(route.element).catch(() => undefined) : undefined]);
    return false;
  }
  await preloadPage(route.element);
  setProvisionalInstruments(data.catalogue);
  // Once React has attached to all of it, the rows too (they may come later, in a commit of their own:
  // src/boot/attach.ts "LatePart"), so that they find the state the prerender drew with.
  beginAttach(path, () =>
    afterLateParts(() => {
      seedLastKnown(quotes);
      clearPaintMarks(root); // stale (the seed's default) until live: the app's own marking shows the age from here
    }),
  );
  root.dataset.attached = 'true';
  return true;
}
