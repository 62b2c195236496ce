// The components' translation hook, without react-i18next on the first screen: `t` is a new function whenever the texts change, so memos that list it recompute and the component draws
// again after a language switch or when i18next has come in with texts the first screen did not have.
import { useMemo, useSyncExternalStore } from 'react';
import { translate, type TFunction } from './index.ts';
import { onTextsChanged, textsVersion } from './texts-version.ts';

export function useTranslation(): { t: TFunction } {
  const version = useSyncExternalStore(onTextsChanged, textsVersion, textsVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version is the point: a new `t` per texts change
  return useMemo(() => ({ t: (key, options) => translate(key, options) }), [version]);
}
