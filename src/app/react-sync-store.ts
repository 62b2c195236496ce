// vite.config.ts resolves the signals' shim here, so the first screen does not carry its React 17 fallback.
export { useSyncExternalStore } from 'react';
