// Build-time settings of the client (Vite's import.meta.env); see docs/client.md "Base address".
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** When set (e.g. "api") and the page host has a subdomain, the API lives there. */
  readonly VITE_API_SUBDOMAIN?: string;
  /** Used when the page is not served over http(s) (file://, an app shell). */
  readonly VITE_API_FALLBACK?: string;
  /** "1": desktop browsers go to the pc. host (docs/contract.md §9, docs/product.md). */
  readonly VITE_DESKTOP_REDIRECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** scripts/first-texts-plugin.ts. */
declare module 'virtual:first-texts' {
  const sections: Record<string, Record<string, unknown>>;
  export default sections;
}
