// On its own so index.html's inline script (src/boot/) can ask it without React.
export const WIDE_QUERY = '(min-width: 1280px)';
