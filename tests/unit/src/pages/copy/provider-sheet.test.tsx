// "Become a provider" on My copies without a browser: the sheet refuses bad terms with the publish route's own
// translated texts and sends nothing; good terms are sent as the route reads them and the provider's own view shows
// at once; a server refusal (a real account without a verified identity) shows in the sheet with the way to
// verification; a published provider edits the terms from what is published, unpublishes (asked first) and publishes
// again.
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import type { CopyProviderSelf } from '../../../../../domain/copy-types.ts';
import { MyCopies } from '../../../../../src/pages/copy/my-copies.tsx';
import { signIn } from '../../../../../src/state/account/session.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { fail, ok, type SeenRequest } from '../../../api-fake-server.ts';
import { click, renderRoutes, submit, typeInto } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi, Where } from '../../../page-suite.tsx';

const routes: RouteObject[] = [
  { path: '/copy', element: <MyCopies /> },
  { path: '/mine/auth', element: <Where name="auth" /> },
];
const USER = { id: 1, uid: 'U1', email: 'p@x.co', mobile: '', invite_code: 'A' };
const NONE: CopyProviderSelf = {
  published: 0,
  name: '',
  description: '',
  fee_percent: 0,
  min_amount: '0.00',
  is_demo: 0,
  suspended: 0,
  unpublished: 0,
  copiers: 0,
  aum: '0.00',
  fees_earned: '0.00',
};
const PUBLISHED: CopyProviderSelf = {
  ...NONE,
  published: 1,
  name: 'Ann Swings',
  description: 'EUR/USD swings',
  fee_percent: 12,
  min_amount: '150.00',
  is_demo: 1,
};

const fake = useFakeApi();
const q = (sel: string): Element | null => document.body.querySelector(sel);
const sheet = () => q('[data-testid="provider-sheet"]');
const input = (name: string) => q(`[data-testid="provider-sheet"] input[name="${name}"]`);
const messageOf = (name: string) => q(`[data-message-for="${name}"]`)?.textContent ?? null;
const publishes = (): SeenRequest[] => fake.server.seen.filter((r) => r.url === '/api/copy/publish');
const sent = (r: SeenRequest | undefined) => Object.fromEntries(new URLSearchParams(r?.body ?? ''));

async function openAs(isDemo: 0 | 1, self: () => CopyProviderSelf): Promise<void> {
  await act(async () => signIn({ token: 't', user: { ...USER, is_demo: isDemo } }));
  fake.server.on('GET', '/api/copy/self', () => ok(self()));
  fake.server.on('GET', '/api/copy/mine', ok([]));
  fake.server.on('GET', '/v1/api/main/wallet/getBalance', ok({ balance: '1000.00' }));
  await renderRoutes(routes, '/copy');
}

beforeAll(startInEnglish);

describe('the provider sheet', () => {
  it('refuses bad terms under each field, then publishes and shows the provider view at once', async () => {
    let self = NONE;
    await openAs(1, () => self);
    expect(q('[data-testid="copy-self"]')).toBeNull();
    await click(q('[data-testid="copy-become-open"]'));
    expect(q('[data-field="world-note"]')?.textContent).toBe(
      'You publish as a demo provider: demo accounts copy you with demo money.',
    );
    await typeInto(input('provider_name'), ' A ');
    await typeInto(input('provider_description'), 'x'.repeat(281));
    await typeInto(input('provider_fee'), '30.5');
    await typeInto(input('provider_min'), '99.99');
    await submit(sheet());
    expect(messageOf('provider_name')).toBe('The display name must be 2 to 40 characters');
    expect(messageOf('provider_description')).toBe('The description must be at most 280 characters');
    expect(messageOf('provider_fee')).toBe('The performance fee must be a whole percent from 0 to 30');
    expect(messageOf('provider_min')).toBe('The minimum copy amount must be at least 100 USD');
    expect(publishes()).toHaveLength(0);

    fake.server.on('POST', '/api/copy/publish', () => {
      self = { ...PUBLISHED, description: '' };
      return ok(null, 'You are now a provider: followers can copy you');
    });
    await typeInto(input('provider_name'), '  Ann Swings ');
    await typeInto(input('provider_description'), '');
    await typeInto(input('provider_fee'), '12');
    await typeInto(input('provider_min'), '150');
    await submit(sheet());
    expect(messageOf('provider_fee')).toBeNull();
    expect(publishes().map(sent)).toEqual([{ name: 'Ann Swings', description: '', fee: '12', min_amount: '150' }]);
    expect(sheet()).toBeNull();
    expect(q('[data-field="self-name"]')?.textContent).toBe('Ann Swings');
    expect(q('[data-field="self-fee"]')?.textContent).toContain('12%');
    expect(q('[data-testid="copy-become"]')).toBeNull();
    expect($toasts.value.map((t) => t.text)).toContain('You are now a provider: followers can copy you');
  });

  it("shows the server's refusal in the sheet, with the way to verification for a real account", async () => {
    await openAs(0, () => NONE);
    await click(q('[data-testid="copy-become-open"]'));
    expect(q('[data-field="world-note"]')?.textContent).toBe(
      'You publish as a real-money provider: this needs a verified identity.',
    );
    expect(q('[data-testid="provider-verify"]')).toBeNull();
    const refusal = 'Verify your identity before publishing yourself as a real-money provider';
    fake.server.on('POST', '/api/copy/publish', fail(0, refusal));
    await typeInto(input('provider_name'), 'Real Ann');
    await submit(sheet());
    expect(publishes().map(sent)).toEqual([{ name: 'Real Ann', description: '', fee: '10', min_amount: '100' }]);
    expect(messageOf('provider-refusal')).toBe(refusal);
    expect($toasts.value).toEqual([]); // in the sheet, not a toast over it
    expect(q('[data-testid="copy-become"]')).not.toBeNull();
    await typeInto(input('provider_name'), 'Real Anne'); // typing again clears the refusal
    expect(messageOf('provider-refusal')).toBeNull();
    await submit(sheet());
    await click(q('[data-testid="provider-verify"]'));
    expect(q('[data-testid="where"]')?.textContent).toBe('auth /mine/auth');
  });

  it('edits the published terms, starting from them', async () => {
    await openAs(1, () => PUBLISHED);
    await click(q('[data-testid="copy-self-edit"]'));
    expect((input('provider_name') as HTMLInputElement).value).toBe('Ann Swings');
    expect((input('provider_description') as HTMLInputElement).value).toBe('EUR/USD swings');
    expect((input('provider_fee') as HTMLInputElement).value).toBe('12');
    expect((input('provider_min') as HTMLInputElement).value).toBe('150.00');
    fake.server.on('POST', '/api/copy/publish', ok(null, 'You are now a provider: followers can copy you'));
    await typeInto(input('provider_fee'), '0');
    await submit(sheet());
    expect(publishes().map(sent)).toEqual([
      { name: 'Ann Swings', description: 'EUR/USD swings', fee: '0', min_amount: '150' },
    ]);
    expect(sheet()).toBeNull();
    expect($toasts.value.map((t) => t.text)).toContain('Your terms are saved');
  });

  it('unpublishes when asked, then publishes again from the last terms', async () => {
    let self = PUBLISHED;
    await openAs(1, () => self);
    fake.server.on('POST', '/api/copy/unpublish', () => {
      self = { ...PUBLISHED, unpublished: 1 };
      return ok(null, 'You are no longer listed: nobody new can start copying you');
    });
    await click(q('[data-testid="copy-unpublish"]'));
    expect(q('.dialog')?.textContent).toContain('Copies running now go on until their followers stop them.');
    await click(q('.dialog__actions .btn-primary'));
    expect(fake.server.seen.filter((r) => r.url === '/api/copy/unpublish')).toHaveLength(1);
    expect(q('[data-field="self-unpublished"]')?.textContent).toBe(
      'Not listed: nobody new can start copying you; running copies go on until their followers stop them.',
    );
    expect(q('[data-testid="copy-unpublish"]')).toBeNull();
    expect($toasts.value.map((t) => t.text)).toContain('You are no longer listed: nobody new can start copying you');

    fake.server.on('POST', '/api/copy/publish', () => {
      self = PUBLISHED;
      return ok(null, 'You are now a provider: followers can copy you');
    });
    await click(q('[data-testid="copy-self-republish"]'));
    expect(q('.sheet__title')?.textContent).toBe('Become a provider');
    expect((input('provider_name') as HTMLInputElement).value).toBe('Ann Swings');
    await submit(sheet());
    expect(publishes().map(sent)).toEqual([
      { name: 'Ann Swings', description: 'EUR/USD swings', fee: '12', min_amount: '150' },
    ]);
    expect(q('[data-field="self-unpublished"]')).toBeNull();
    expect(q('[data-testid="copy-unpublish"]')).not.toBeNull();
  });
});
