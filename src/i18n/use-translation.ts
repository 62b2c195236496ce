// Without react-i18next on the first screen; a new `t` per texts change makes memos that list it recompute.
import { useMemo, useSyncExternalStore } from 'react';
import { onTextsChanged, textsVersion, translate, type TFunction } from './index.ts';

export function useTranslation(): { t: TFunction } {
  const version = useSyncExternalStore(onTextsChanged, textsVersion, textsVersion);
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- the version is the point: a new `t` per texts change
  return useMemo(() => ({ t: (key, options) => translate(key, options) }), [version]);
}
