// When the app attaches to the prerendered screen and when it draws afresh: only when this browser would
// draw what was prerendered — the same route, the default language, a phone width, a visitor, /trade's first instrument.
import { expect, it } from 'vitest';
import { canAttach, type AttachFacts } from '../../../../src/boot/attach-first-screen.ts';

const visitor: AttachFacts = {
  pre: '/',
  path: '/',
  lang: 'hk',
  drawnLang: 'hk',
  wide: false,
  loggedIn: false,
  currentCode: null,
  drawnCode: 'EURUSD',
};

it('attaches for a visitor on a phone in the default language, on the prerendered route', () => {
  expect(canAttach(visitor)).toBe(true);
  expect(canAttach({ ...visitor, pre: '/trade', path: '/trade' })).toBe(true);
  expect(canAttach({ ...visitor, pre: '/trade', path: '/trade', currentCode: 'EURUSD' })).toBe(true);
});

it('draws afresh whenever its first render would differ from the prerendered HTML', () => {
  expect(canAttach({ ...visitor, pre: '' })).toBe(false); // the shell was shown
  expect(canAttach({ ...visitor, path: '/trade' })).toBe(false); // the hash moved on meanwhile
  expect(canAttach({ ...visitor, lang: 'en' })).toBe(false);
  expect(canAttach({ ...visitor, wide: true })).toBe(false);
  expect(canAttach({ ...visitor, loggedIn: true })).toBe(false);
  expect(canAttach({ ...visitor, pre: '/trade', path: '/trade', currentCode: 'XAUUSD' })).toBe(false);
});
