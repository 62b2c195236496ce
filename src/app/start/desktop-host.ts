// Opt-in (VITE_DESKTOP_REDIRECT=1): one responsive app serves all, so only where a pc. host is run (docs/product.md).
import { hasSubdomain } from '../../api/base-url.ts';

export const DESKTOP_LABEL = 'pc';
export const DEMO_TITLE = 'DEMO';

export function isDemoTitle(title: string): boolean {
  return title.trim() === DEMO_TITLE;
}

/** Anything else is a desktop browser (docs/contract.md §1). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Windows Phone|Opera Mini|Mobi/i;

export function isMobileAgent(userAgent: string): boolean {
  return MOBILE_AGENT.test(userAgent);
}

/** null when the host has no subdomain. */
export function desktopHost(hostname: string): string | null {
  if (!hasSubdomain(hostname)) return null;
  return [DESKTOP_LABEL, ...hostname.split('.').slice(1)].join('.');
}

export interface DesktopPage {
  href: string; // path, query and hash are kept on the desktop host
  userAgent: string;
  title: string; // the DEMO variant stays where it is, as for the API base (docs/contract.md §7)
  enabled: boolean;
}

/** null when it stays (phone, pc. host, no subdomain…). */
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

/** Replaces the history entry; true when it did, so start stops. */
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
