// docs/contract.md §1 and §9: a desktop browser (one whose user agent matches no mobile pattern) belongs on the separate desktop
// host, which is the page host with its first subdomain replaced by `pc` (m.example.com → pc.example.com).
// Opt-in at build time (VITE_DESKTOP_REDIRECT=1), like the api. rule: we serve one responsive app from one origin,
// so sending desktops to a pc. host only makes sense where the operator runs one (docs/product.md).
import { hasSubdomain } from '../../api/base-url.ts';

export const DESKTOP_LABEL = 'pc';
export const DEMO_TITLE = 'DEMO';

/** Phones and tablets (the usual user-agent markers); anything else is a desktop browser (docs/contract.md §1). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Windows Phone|Opera Mini|Mobi/i;

export function isMobileAgent(userAgent: string): boolean {
  return MOBILE_AGENT.test(userAgent);
}

/** The desktop host for `hostname`: first label replaced by `pc`; null when the host has no subdomain. */
export function desktopHost(hostname: string): string | null {
  if (!hasSubdomain(hostname)) return null;
  return [DESKTOP_LABEL, ...hostname.split('.').slice(1)].join('.');
}

export interface DesktopPage {
  href: string; // the whole address, kept (path, query, hash) on the desktop host
  userAgent: string;
  title: string; // document.title: the DEMO variant stays where it is, as it does for the API base (docs/contract.md §7)
  enabled: boolean;
}

/** Where a desktop browser must go instead of `href`, or null when it stays (phone, pc. host, no subdomain…). */
export function desktopRedirect(page: DesktopPage): string | null {
  if (!page.enabled || page.title === DEMO_TITLE || isMobileAgent(page.userAgent)) return null;
  let url: URL;
  try {
    url = new URL(page.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const target = desktopHost(url.hostname);
  if (target === null || target === url.hostname) return null;
  url.hostname = target;
  return url.href;
}

/** Start-up: sends a desktop browser to the pc. host (history entry replaced). True when it did, so start stops. */
export function followDesktopHost(): boolean {
  const to = desktopRedirect({
    href: window.location.href,
    userAgent: navigator.userAgent,
    title: document.title,
    enabled: import.meta.env.VITE_DESKTOP_REDIRECT === '1',
  });
  if (to === null) return false;
  window.location.replace(to);
  return true;
}
