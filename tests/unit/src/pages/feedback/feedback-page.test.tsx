// /feedback without a browser: a message goes with its topic, the list shows the team's answer, an empty message
// and a refusal are said under the form, and a day's allowance used up disables sending.
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import type { FeedbackListWire } from '../../../../../domain/feedback.ts';
import { FeedbackPage } from '../../../../../src/pages/feedback/feedback-page.tsx';
import { fail, ok } from '../../../api-fake-server.ts';
import { renderRoutes, settle } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const routes: RouteObject[] = [{ path: '/feedback', element: <FeedbackPage /> }];
const fake = useFakeApi();
const q = <E extends HTMLElement = HTMLElement>(sel: string): E | null => document.body.querySelector<E>(sel);
const LIST = '/v1/api/feedback/list';
const SEND = '/v1/api/feedback/send';

const ANSWERED: FeedbackListWire = {
  items: [
    {
      id: 4,
      topic: 'wallet',
      text: 'My deposit took a day',
      status: 'answered',
      answer: 'Bank transfers take one working day; crypto is faster.',
      created_at: Date.UTC(2026, 10, 20, 9),
      answered_at: Date.UTC(2026, 10, 20, 11),
    },
  ],
  left_today: 5,
};

beforeAll(startInEnglish);

async function type(text: string): Promise<void> {
  const box = q<HTMLTextAreaElement>('textarea[name="text"]');
  if (!box) throw new Error('no message box');
  await act(async () => {
    const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    set?.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const press = (sel: string): Promise<void> => act(async () => q(sel)?.click());
const submit = async (): Promise<void> => {
  await press('[data-testid="feedback-form"] button[type="submit"]');
  await settle();
};

describe('/feedback', () => {
  it("shows the trader's messages with the team's answer", async () => {
    fake.server.on('GET', LIST, ok(ANSWERED));
    await renderRoutes(routes, '/feedback');
    await settle();
    const item = q('.fb-item[data-id="4"]');
    expect(item?.dataset['status']).toBe('answered');
    expect(item?.querySelector('.fb-item__topic')?.textContent).toBe('Deposits and withdrawals');
    expect(item?.querySelector('.fb-item__status')?.textContent).toBe('Answered');
    expect(item?.querySelector('.fb-answer')?.textContent).toContain('Bank transfers take one working day');
  });

  it('sends the chosen topic and the trimmed text, then shows the new list', async () => {
    let list: FeedbackListWire = { items: [], left_today: 5 };
    fake.server.on('GET', LIST, () => ok(list));
    fake.server.on('POST', SEND, (req) => {
      const body = new URLSearchParams(req.body);
      list = {
        items: [
          {
            id: 9,
            topic: body.get('topic') as 'trading',
            text: body.get('text') ?? '',
            status: 'received',
            answer: null,
            created_at: Date.UTC(2026, 10, 30, 7),
            answered_at: null,
          },
        ],
        left_today: 4,
      };
      return ok({ id: 9 });
    });
    await renderRoutes(routes, '/feedback');
    await settle();
    expect(q('.empty-state')?.textContent).toContain('You have not sent a message yet');
    await press('[data-topic="trading"]');
    await type('  The chart should remember my period  ');
    await submit();
    const sent = new URLSearchParams(fake.server.seen.find((r) => r.url === SEND)?.body);
    expect(sent.get('topic')).toBe('trading');
    expect(sent.get('text')).toBe('The chart should remember my period');
    expect(q('.fb-item[data-id="9"] .fb-item__status')?.textContent).toBe('Received');
    expect(q<HTMLTextAreaElement>('textarea[name="text"]')?.value).toBe('');
  });

  it('says an empty message is missing and sends nothing', async () => {
    fake.server.on('GET', LIST, ok({ items: [], left_today: 5 }));
    await renderRoutes(routes, '/feedback');
    await settle();
    await type('   ');
    await submit();
    expect(q('[data-message-for="text"]')?.textContent).toBe('Please fill in Your message');
    expect(fake.server.seen.some((r) => r.url === SEND)).toBe(false);
  });

  it("shows the server's refusal under the form", async () => {
    fake.server.on('GET', LIST, ok({ items: [], left_today: 1 }));
    fake.server.on('POST', SEND, fail(500, 'Daily limit reached, please try again tomorrow'));
    await renderRoutes(routes, '/feedback');
    await settle();
    await type('One more thing');
    await submit();
    expect(q('[data-message-for="form"]')?.textContent).toBe('Daily limit reached, please try again tomorrow');
  });

  it("disables sending once the day's allowance is used", async () => {
    fake.server.on('GET', LIST, ok({ items: [], left_today: 0 }));
    await renderRoutes(routes, '/feedback');
    await settle();
    expect(q<HTMLButtonElement>('[data-testid="feedback-form"] button[type="submit"]')?.disabled).toBe(true);
    expect(q('[data-message-for="form"]')?.textContent).toBe('Daily limit reached, please try again tomorrow');
  });
});
