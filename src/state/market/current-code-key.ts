// Its own module so index.html's inline script (src/boot/inline-paint.ts) reads the same key without the signals.
export const CURRENT_CODE_KEY = 'tw:current-code';
