// Apart from the HTTP client: the feed's start-up config needs these addresses without it (rule in base-url.ts).
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
