// This page's API and socket addresses (docs/contract.md §7, rule in base-url.ts): the feed's start-up config needs
// them without the HTTP client.
import { resolveApiBase, wsUrlFor } from './base-url.ts';

export function apiBase(): string {
  return resolveApiBase(
    {
      protocol: window.location.protocol,
      hostname: window.location.hostname,
      port: window.location.port,
      title: document.title,
    },
    { apiSubdomain: import.meta.env.VITE_API_SUBDOMAIN, fallback: import.meta.env.VITE_API_FALLBACK },
  );
}

export function wsUrl(): string {
  return wsUrlFor(apiBase());
}
