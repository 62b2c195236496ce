// Right-to-left reading (item 13): values in translations are isolated in Arabic only (client and server),
// figures render as inline left-to-right isolates (<Num>, LiveText), and the one .num rule makes them so.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { signal } from '@preact/signals-react';
import { FSI, PDI, interpolatedValue, isRtlLanguage, isolate } from '../../../domain/bidi.ts';
import { LANGUAGE_LIST, i18n, initI18n, setLanguage } from '../../../src/i18n/index.ts';
import { translate } from '../../../server/http/i18n.ts';
import { Num } from '../../../src/components/text/num.tsx';
import { LiveText } from '../../../src/components/text/live-text.tsx';
import { StaleTag } from '../../../src/components/instrument/stale-tag.tsx';
import { quote } from '../../../src/state/market/quotes.ts';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(ui: React.ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(ui));
  return host;
}

describe('the isolate helper', () => {
  it('wraps a value in FSI…PDI, and only in a right-to-left language', () => {
    expect(isolate('-0.08')).toBe(`${FSI}-0.08${PDI}`);
    expect(isolate('')).toBe('');
    expect(interpolatedValue('ar', -0.08)).toBe('\u2068-0.08\u2069');
    expect(interpolatedValue('en', -0.08)).toBe('-0.08');
    expect(interpolatedValue('hk', 'Marina V.')).toBe('Marina V.');
  });

  it('Arabic is the one right-to-left language, and the language table takes its direction from there', () => {
    expect(LANGUAGE_LIST.filter((l) => isRtlLanguage(l.code)).map((l) => l.code)).toEqual(['ar']);
    expect(LANGUAGE_LIST.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar']);
  });
});

describe('translations isolate their values in Arabic', () => {
  it('client: ×{{value}} and a name with a full stop keep their order; English is untouched', async () => {
    await initI18n({ cookies: 'lang=ar' });
    expect(i18n.t('trade.leverage_value', { value: 10 })).toBe(`×${FSI}10${PDI}`);
    expect(i18n.t('product.chosen', { name: 'Marina V.' })).toContain(`${FSI}Marina V.${PDI}`);
    await setLanguage('en');
    expect(i18n.t('trade.leverage_value', { value: 10 })).toBe('×10');
    // React escapes HTML itself: the escape step must not turn '<' or '/' into entities.
    expect(i18n.t('product.chosen', { name: 'A/B <C>' })).toContain('A/B <C>');
  });

  it('server: the same rule for the `msg` texts', () => {
    expect(translate('ar', 'errors.lots_too_large', { max: 5 })).toContain(`${FSI}5${PDI}`);
    expect(translate('en', 'errors.lots_too_large', { max: 5 })).not.toContain(FSI);
  });
});

describe('figures render as inline left-to-right isolates', () => {
  it('<Num> is a <bdi class="num"> that keeps its own class and attributes', () => {
    const host = render(
      <Num className="x" data-testid="n">
        -0.08
      </Num>,
    );
    const el = host.querySelector('[data-testid="n"]');
    expect(el?.tagName).toBe('BDI');
    expect(el?.className).toBe('num x');
    expect(el?.textContent).toBe('-0.08');
  });

  it('LiveText writes its text inside an inner .num, so the outer box keeps its layout and direction', () => {
    const $text = signal('-0.300000');
    const host = render(<LiveText className="od-row__pnl" field="pnl" $text={$text} />);
    const outer = host.querySelector('[data-field="pnl"]');
    expect(outer?.classList.contains('num')).toBe(false);
    expect(outer?.querySelector(':scope > bdi.num')?.textContent).toBe('-0.300000');
    act(() => {
      $text.value = '+0.22';
    });
    expect(outer?.textContent).toBe('+0.22');
  });

  it('a sentence in LiveText (the stale tag\'s "as of") is isolated in its own direction, not .num\'s left to right', () => {
    const $text = signal('حتى ⁨01:26 ص⁩');
    const host = render(<LiveText field="as-of" $text={$text} prose />);
    const box = host.querySelector('[data-field="as-of"] > bdi');
    expect(box?.classList.contains('num')).toBe(false);
    expect(box?.getAttribute('dir')).toBe('auto');
    expect(box?.textContent).toBe($text.value);
    act(() => root?.render(<StaleTag className="mk-stale" q={quote('BIDIUSD')} />));
    expect(host.querySelector('[data-field="as-of"] > bdi')?.getAttribute('dir')).toBe('auto'); // the row's tag is one
  });

  it('the one .num rule reads left to right and isolates (app/layout/theme.css)', () => {
    const css = readFileSync('src/app/layout/theme.css', 'utf8');
    const rule = /\.num,\s*\.tw-num\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/direction:\s*ltr/);
    expect(rule).toMatch(/unicode-bidi:\s*isolate/);
  });
});
