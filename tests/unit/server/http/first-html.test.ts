// @vitest-environment happy-dom
// The current quotes written into the served page (server/http/first-html.ts, docs/client.md "The live price in the
// first HTML"): the block sits before the prerender's data, holds only the first screen's instruments, cannot end the
// <script> it is in whatever a quote's text says, and leaves the page's inline-script hash (the CSP's) unchanged.
import { describe, expect, it } from 'vitest';
import { firstQuotes, pageWithQuotes, splitPage } from '../../../../server/http/first-html.ts';
import { inlineScriptHashes } from '../../../../server/security/inline-scripts.ts';
import { FIRST_QUOTES_ID, scriptSafeJson, type FirstQuotes } from '../../../../domain/first-quotes.ts';
import type { QuoteTuple } from '../../../../domain/ws-protocol.ts';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
const boot = JSON.stringify({ catalogue: [{ Code: 'XAUUSD' }, { Code: 'EURUSD' }, { Code: 'BTCUSDT' }] });
const PAGE =
  '<!doctype html><html><head><title>t</title></head><body><div id="root" data-pre="/">rows</div>' +
  `<script type="application/json" id="tw-boot">${boot}</script>` +
  '<script type="application/json" id="tw-app">{"entry":"./a.js","preload":[]}</script>' +
  '<script>window.__paint=1</script><noscript>js</noscript></body></html>';

function market(tuples: Record<string, QuoteTuple>) {
  return { quoteTuple: (code: string) => tuples[code] };
}

function blockOf(html: string): FirstQuotes {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const text = doc.getElementById(FIRST_QUOTES_ID)?.textContent ?? '';
  return JSON.parse(text) as FirstQuotes;
}

describe('scriptSafeJson', () => {
  it('escapes what could end or change a <script> block and parses back to the same value', () => {
    const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'a\u2028b\u2029c', d: 'x & y > z' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('the served page', () => {
  const parts = splitPage(PAGE);

  it('is split before the prerender data block, with the catalogue codes as the instruments to quote', () => {
    expect(parts?.codes).toEqual(['XAUUSD', 'EURUSD', 'BTCUSDT']);
    expect(parts?.after.startsWith('<script type="application/json" id="tw-boot">')).toBe(true);
    expect(splitPage('<html><body>no prerender</body></html>')).toBeNull();
  });

  it('carries the current quotes of the first screen, with the server time, before the inline script', () => {
    const html = pageWithQuotes(
      parts!,
      market({
        XAUUSD: ['XAUUSD', '2650.12', '0.35', NOW - 200, 1],
        EURUSD: ['EURUSD', '1.08512', '-0.10', NOW - 60_000, 0], // closed: its last quote, a minute old
        GBPUSD: ['GBPUSD', '1.27', '0.00', NOW, 1], // not on the first screen: left out
      }),
      NOW,
      null,
    );
    const snap = blockOf(html);
    expect(snap.t).toBe(NOW);
    expect(snap.w).toBeUndefined(); // the database did not answer: the app asks for the warning itself
    expect(snap.q).toEqual([
      ['XAUUSD', '2650.12', '0.35', NOW - 200, 1],
      ['EURUSD', '1.08512', '-0.10', NOW - 60_000, 0],
    ]);
    expect(html.indexOf(`id="${FIRST_QUOTES_ID}"`)).toBeLessThan(html.indexOf('<script>window.__paint'));
  });

  it('keeps a halt reason that looks like markup inside the block, and the CSP hash of the page unchanged', () => {
    const reason = '</script><script>alert(1)</script>\u2028';
    const html = pageWithQuotes(
      parts!,
      market({ BTCUSDT: ['BTCUSDT', '97000.5', '1.20', NOW - 1000, 0, 'halted', reason] }),
      NOW,
      null,
    );
    expect(blockOf(html).q[0]?.[6]).toBe(reason);
    expect(html.match(/<script>alert/g)).toBeNull();
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(PAGE));
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });

  it('carries the risk warning as its route answers it, so the inline script can draw its text', () => {
    const warning = { shown: true, percent: 74, computed_at: NOW - 1000 };
    expect(blockOf(pageWithQuotes(parts!, market({}), NOW, warning)).w).toEqual(warning);
  });

  it('leaves out an instrument that has no quote yet', () => {
    expect(firstQuotes(market({ XAUUSD: ['XAUUSD', '1', '0', 0, 0] }), ['XAUUSD', 'EURUSD'], NOW).q).toEqual([]);
  });
});
