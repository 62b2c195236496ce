// What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. @preact/signals-react imports the
// shim, whose production file also carries a fallback for React 17; the build resolves the shim here instead
// (vite.config.ts), so the first screen does not carry that fallback (bench/README.md "Start-up").
export { useSyncExternalStore } from 'react';
