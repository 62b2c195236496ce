// A plain store, so useTranslation follows text changes with useSyncExternalStore and no i18next loaded.

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
