// A trader's page without a browser: the figures the list route sends, no win rate before a closed trade (0% would
// read as every trade lost), and a refused copy sheet that brings its first message into view.
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import type { CopyProvider } from '../../../../../domain/copy-types.ts';
import { ProviderPage } from '../../../../../src/pages/copy/provider-page.tsx';
import { signIn } from '../../../../../src/state/account/session.ts';
import { setLanguage } from '../../../../../src/i18n/index.ts';
import { ok } from '../../../api-fake-server.ts';
import { renderRoutes } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [{ path: '/copy/provider', element: <ProviderPage /> }];
const USER = { id: 1, uid: 'U1', email: 'f@x.co', mobile: '', invite_code: 'A', is_demo: 1 as const };
const PROVIDER: CopyProvider = {
  provider_id: 7,
  name: 'Ann Swings',
  description: 'EUR/USD swings',
  fee_percent: 10,
  min_amount: '100.00',
  copiers: 3,
  is_demo: 1,
  return_30d: '4.20',
  return_all: '9.10',
  max_drawdown: '2.50',
  win_rate: '75.00',
  trades: 4,
  days: 12,
  curve: ['1.0000', '1.0910'],
  risk_score: 3,
};

const fake = useFakeApi();
beforeAll(startInEnglish);
const field = (name: string): string | null =>
  document.body.querySelector(`[data-field="${name}"]`)?.textContent ?? null;

async function open(provider: CopyProvider): Promise<void> {
  await act(async () => signIn({ token: 't', user: USER }));
  fake.server.on('GET', '/api/copy/providers', ok([provider]));
  await renderRoutes(routes, '/copy/provider?id=7');
}

describe("a trader's page", () => {
  it('shows the win rate of the closed trades', async () => {
    await open(PROVIDER);
    expect(field('win-rate')).toBe('75.00%');
    expect(field('trades')).toBe('4');
  });

  it('shows no win rate before the first closed trade', async () => {
    await open({ ...PROVIDER, win_rate: '0.00', trades: 0 });
    expect(field('win-rate')).toBe('--');
    expect(field('trades')).toBe('0');
  });

  it('a copy refused for its empty amount moves the focus to the amount, scrolled out of a phone-high sheet', async () => {
    await open(PROVIDER);
    await act(async () => document.body.querySelector<HTMLElement>('[data-testid="copy-open"]')?.click());
    const confirm = await vi.waitFor(() => {
      const b = document.body.querySelector<HTMLButtonElement>('[data-testid="copy-confirm"]');
      if (!b) throw new Error('no sheet yet');
      return b;
    });
    confirm.focus(); // as a tap leaves it
    await act(async () => confirm.click());
    const amount = document.body.querySelector<HTMLInputElement>('[data-testid="copy-sheet"] input[name="amount"]');
    expect(amount?.getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(amount));
    expect(fake.server.seen.filter((r) => r.url.includes('/api/copy/start'))).toEqual([]);
  });

  it("loads the trader again in a newly picked language: the house's traders are described in it", async () => {
    await act(async () => signIn({ token: 't', user: USER }));
    fake.server.on('GET', '/api/copy/providers', (req) =>
      ok([{ ...PROVIDER, description: `words in ${req.headers.lang ?? 'none'}` }]),
    );
    await renderRoutes(routes, '/copy/provider?id=7');
    const words = () => document.body.querySelector('.copy-card__desc')?.textContent;
    await vi.waitFor(() => expect(words()).toBe('words in en'));
    await act(async () => setLanguage('hk'));
    await vi.waitFor(() => expect(words()).toBe('words in hk'));
    await act(async () => setLanguage('en'));
  });
});
