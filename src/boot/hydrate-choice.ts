// Whether the app may attach to index.html's prerendered screen (hydrateRoot) or must draw its own (createRoot): the
// prerender is a visitor's, in the default language, on a phone, showing the catalogue's first instrument on /trade.
// Anything else would differ from that HTML, and React would redraw it anyway; drawing afresh is the honest path.

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
