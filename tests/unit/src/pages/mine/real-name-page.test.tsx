// /mine/auth without a browser: a rejected submission shows its reason and starts the form from what was sent, so the
// resubmission carries the unchanged fields and only the replaced photo differs; a first submission starts empty.
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { RealNamePage } from '../../../../../src/pages/mine/real-name-page.tsx';
import { dispatchAccountChange } from '../../../../../src/state/feed/feed-listeners.ts';
import { ok } from '../../../api-fake-server.ts';
import { renderRoutes, settle, submit, typeInto, type Rendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [{ path: '/mine/auth', element: <RealNamePage /> }];
const FRONT = '/api/common/image/FFFFFFFFFFFFFFFFFFFFFF';
const BACK = '/api/common/image/BBBBBBBBBBBBBBBBBBBBBB';
const NEW_BACK = '/api/common/image/NNNNNNNNNNNNNNNNNNNNNN';

const fake = useFakeApi();
let view: Rendered | null = null;
const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;
const input = (name: string): HTMLInputElement => q(`input[name="${name}"]`) as HTMLInputElement;

beforeAll(startInEnglish);

beforeEach(async () => {
  for (const url of [FRONT, BACK, NEW_BACK]) fake.server.on('GET', url, { raw: new Blob([]) });
});

describe('/mine/auth', () => {
  it('after a rejection: the reason, and the form filled with what was sent', async () => {
    fake.server.on(
      'GET',
      '/api/user_real/center',
      ok({
        review_status: 0,
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        front_pic: FRONT,
        reverse_pic: BACK,
        reason: 'The back photo is blurred',
      }),
    );
    fake.server.on('POST', '/api/common/image_upload', ok({ url: NEW_BACK }));
    fake.server.on('POST', '/api/user_real/real_name', ok(null, 'Submitted'));
    view = await renderRoutes(routes, '/mine/auth');
    await settle();
    expect(q('[data-testid="rejected-reason"]')?.textContent).toContain('The back photo is blurred');
    expect(input('name').value).toBe('Chan Tai Man');
    expect(input('card_id').value).toBe('A1234567');

    // Replace only the back photo, then submit.
    const file = q('[data-testid="back"] input[type="file"]') as HTMLInputElement;
    Object.defineProperty(file, 'files', {
      configurable: true,
      value: [new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' })],
    });
    await act(async () => {
      file.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    await submit(q('[data-testid="real-name-form"]') as HTMLFormElement);
    const sent = fake.server.seen.filter((r) => r.url === '/api/user_real/real_name');
    expect(sent).toHaveLength(1);
    const body = new URLSearchParams(sent[0]?.body ?? '');
    expect(Object.fromEntries(body)).toEqual({
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: FRONT,
      reverse_pic: NEW_BACK,
    });
  });

  it('a first submission starts empty', async () => {
    fake.server.on(
      'GET',
      '/api/user_real/center',
      ok({ review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' }),
    );
    view = await renderRoutes(routes, '/mine/auth');
    await settle();
    expect(q('[data-testid="rejected-reason"]')).toBeNull();
    expect(input('name').value).toBe('');
    expect(q('[data-testid="front"] img')).toBeNull();
  });

  // An emoji name and a 200-character ID number got "The value of card_id is not valid", and the
  // ID field had no length limit as typed.
  it('checks each field as it is typed, with its own message under it, and limits the ID number', async () => {
    fake.server.on(
      'GET',
      '/api/user_real/center',
      ok({ review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '' }),
    );
    view = await renderRoutes(routes, '/mine/auth');
    await settle();
    await typeInto(input('name'), 'Chan 😀');
    expect(q('[data-message-for="name"]')?.textContent).toBe(
      'Enter your name as on your passport/ID: letters, spaces, dots, hyphens and apostrophes, up to 100 characters',
    );
    expect(input('name').getAttribute('aria-invalid')).toBe('true');
    await typeInto(input('name'), 'Chan Tai Man');
    expect(q('[data-message-for="name"]')).toBeNull();
    expect(input('card_id').maxLength).toBe(30);
    await typeInto(input('card_id'), 'A1 <x>');
    expect(q('[data-message-for="card_id"]')?.textContent).toBe(
      'Enter 4 to 30 letters, digits or hyphens, as on your passport/ID',
    );
    await typeInto(input('card_id'), 'A1234567');
    expect(q('[data-message-for="card_id"]')).toBeNull();
    await submit(q('[data-testid="real-name-form"]') as HTMLFormElement);
    expect(q('[data-message-for="photos"]')?.textContent).toBe('Please upload the front and back of your passport/ID');
    expect(fake.server.seen.some((r) => r.url === '/api/user_real/real_name')).toBe(false);
    expect(document.body.textContent).not.toContain('card_id');
  });

  it('turns from "Under review" to verified on the ACCOUNT event, without being opened again', async () => {
    let verified = false;
    fake.server.on('GET', '/api/user_real/center', () =>
      ok({
        review_status: verified ? 2 : 1,
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        front_pic: FRONT,
        reverse_pic: BACK,
        reason: '',
      }),
    );
    view = await renderRoutes(routes, '/mine/auth');
    await settle();
    expect(q('[data-testid="real-name-waiting"]')).not.toBeNull();
    verified = true; // the operator verifies it
    await act(async () => dispatchAccountChange('real_name'));
    await settle();
    expect(q('[data-testid="real-name-finish"]')).not.toBeNull();
    expect(q('[data-testid="real-name-waiting"]')).toBeNull();
  });
});
