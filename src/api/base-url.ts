// docs/contract.md §7 base-address rule, adapted to our one-origin deployment (docs/client.md "Base address").
import { WS_PATH } from '../../domain/ws-protocol.ts';

export const DEFAULT_FALLBACK_API = 'http://127.0.0.1:8080';

export interface PageAddress {
  protocol: string;
  hostname: string;
  port: string; // "" for the scheme's default
  title: string; // document.title: "DEMO" pins the API to the page origin
}

export interface BaseRule {
  apiSubdomain?: string | undefined;
  fallback?: string | undefined;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** www.tickwise.example has one; tickwise.example, localhost and IP addresses do not. */
export function hasSubdomain(hostname: string): boolean {
  if (IPV4.test(hostname) || hostname.includes(':')) return false;
  const labels = hostname.split('.').filter(Boolean);
  return labels.length >= 3;
}

/** The page origin, its first subdomain swapped for `apiSubdomain` if set; DEMO keeps it; non-http(s): fallback. */
export function resolveApiBase(page: PageAddress, rule: BaseRule = {}): string {
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return rule.fallback || DEFAULT_FALLBACK_API;
  const port = page.port ? `:${page.port}` : '';
  const origin = `${page.protocol}//${page.hostname}${port}`;
  if (page.title === 'DEMO' || !rule.apiSubdomain || !hasSubdomain(page.hostname)) return origin;
  const rest = page.hostname.split('.').slice(1).join('.');
  return `${page.protocol}//${rule.apiSubdomain}.${rest}${port}`;
}

export function wsUrlFor(apiBase: string): string {
  return `${apiBase.replace(/^http/, 'ws')}${WS_PATH}`;
}
