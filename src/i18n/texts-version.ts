// A counter that moves whenever what `t` returns may have changed (i18next in, a language switch, texts added), for
// useTranslation (src/i18n/use-translation.ts) to draw again: a plain store, so React reads it with
// useSyncExternalStore and nothing of i18next needs to be loaded to follow it.

let version = 0;
const listeners = new Set<() => void>();

export function textsVersion(): number {
  return version;
}

export function textsChanged(): void {
  version++;
  for (const l of [...listeners]) l();
}

export function onTextsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
