// Build-time settings of the client (Vite's import.meta.env); see docs/client.md "Base address".
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** When set (e.g. "api") and the page host has a subdomain, the API lives on that subdomain instead. */
  readonly VITE_API_SUBDOMAIN?: string;
  /** API origin used when the page is not served over http(s) (file://, an app shell). */
  readonly VITE_API_FALLBACK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
