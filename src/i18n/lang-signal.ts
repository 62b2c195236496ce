// For code that is not a component (API headers, the feed, Intl helpers).
import { signal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';

export const $lang = signal<Language>(DEFAULT_LANGUAGE, { name: 'lang-signal.$lang' });
