// This page's API and socket addresses (docs/contract.md §7, rule in base-url.ts), apart from the envelope rules in
// envelope.ts: the feed's start-up config needs the addresses on the first screen, the envelope rules only the first
// HTTP call, which start-up makes after the first screen has drawn (bench/README.md "The first screen's bytes").
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
