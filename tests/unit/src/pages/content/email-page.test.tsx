// /mine/email: the copy button appears once the address has arrived, never as a disabled control that turns enabled
// under a reader's (or an accessibility check's) eyes; no address, no button.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { EmailPage } from '../../../../../src/pages/content/email-page.tsx';
import { ok, type Reply } from '../../../api-fake-server.ts';
import { renderRoutes, settle } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [{ path: '/mine/email', element: <EmailPage /> }];
const fake = useFakeApi();
const q = <E extends HTMLElement = HTMLElement>(sel: string): E | null => document.body.querySelector<E>(sel);

beforeAll(startInEnglish);

describe('/mine/email', () => {
  it('shows the copy button only once the address has arrived, and links the address', async () => {
    let answer: (r: Reply) => void = () => undefined;
    fake.server.on('GET', '/api/user/complaint_email', () => new Promise<Reply>((resolve) => (answer = resolve)));
    await renderRoutes(routes, '/mine/email');
    expect(q('.ct-button')).toBeNull();
    answer(ok({ email: 'care@tickwise.example' }));
    await settle();
    expect(q('[data-testid="complaint-email"]')?.getAttribute('href')).toBe('mailto:care@tickwise.example');
    expect(q<HTMLButtonElement>('.ct-button')?.disabled).toBe(false);
  });

  it('shows no copy button when there is no address', async () => {
    fake.server.on('GET', '/api/user/complaint_email', ok({ email: '' }));
    await renderRoutes(routes, '/mine/email');
    await settle();
    expect(q('.ct-button')).toBeNull();
  });
});
