// /mine/chat: the support link's frame, the always-present "open in a new tab" link, and the
// message with that link instead of a broken frame when the browser refuses to frame it.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { blocksLink, ChatPage } from '../../../../../src/pages/content/chat-page.tsx';
import { initI18n, setLanguage } from '../../../../../src/i18n/index.ts';
import { $settings } from '../../../../../src/state/account/session.ts';
import { renderRoutes, settle, type Rendered } from '../../../pages-render.tsx';

const LINK = 'https://support.example.com/chat?x=1';
const routes: RouteObject[] = [{ path: '/mine/chat', element: <ChatPage /> }];
let view: Rendered | null = null;
const q = (sel: string): HTMLElement | null => view?.container.querySelector<HTMLElement>(sel) ?? null;

function violation(blockedURI: string, effectiveDirective = 'frame-src'): Event {
  const e = new Event('securitypolicyviolation');
  Object.assign(e, { blockedURI, effectiveDirective });
  return e;
}

beforeAll(async () => {
  // happy-dom would fetch the framed page: unit tests have no network.
  const happy = (
    window as unknown as {
      happyDOM?: { settings: { disableIframePageLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean } };
    }
  ).happyDOM;
  if (happy)
    Object.assign(happy.settings, { disableIframePageLoading: true, handleDisabledFileLoadingAsSuccess: true });
  await initI18n({ cookies: 'lang=en' });
});

/** The chat host's answer to the page's reachability probe. */
let probe: (url: string, init: RequestInit) => Promise<Response>;

beforeEach(async () => {
  probe = async () => new Response(null, { status: 200 });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => probe(url, init));
  await setLanguage('en');
  $settings.value = { service_link: LINK, service_link_type: 1, verify_reg_type: 1, trade_fee_type: 1 };
});

afterEach(async () => {
  await view?.unmount();
  view = null;
  $settings.value = null;
  vi.unstubAllGlobals();
});

describe('/mine/chat', () => {
  it('frames the link and always offers it in a new tab', async () => {
    view = await renderRoutes(routes, '/mine/chat');
    await settle();
    expect(q('[data-testid="chat-frame"]')?.getAttribute('src')).toBe(LINK);
    const a = q('[data-testid="chat-new-tab"]');
    expect([a?.getAttribute('href'), a?.getAttribute('target'), a?.getAttribute('rel')]).toEqual([
      LINK,
      '_blank',
      'noopener noreferrer',
    ]);
    expect(q('.ct-chat-note')?.textContent).toBe('Chat not showing? Open in a new tab');
  });

  it('replaces the frame with a message and the new-tab link when the chat does not answer at all', async () => {
    const asked: Array<[string, RequestInit]> = [];
    probe = async (url, init) => {
      asked.push([url, init]);
      throw new TypeError('Failed to fetch');
    };
    view = await renderRoutes(routes, '/mine/chat');
    await settle();
    expect(asked.map(([u, i]) => [u, i.mode, i.credentials])).toEqual([[LINK, 'no-cors', 'omit']]);
    expect(q('[data-testid="chat-frame"]')).toBeNull();
    expect(q('[data-testid="chat-failed"]')?.textContent).toContain('The online service could not be shown here.');
    expect(q('[data-testid="chat-failed"] [data-testid="chat-new-tab"]')?.getAttribute('href')).toBe(LINK);
  });

  it('replaces a frame the page CSP refused with a message and the new-tab link', async () => {
    view = await renderRoutes(routes, '/mine/chat');
    await act(async () => {
      document.dispatchEvent(violation('https://other.example.org/x')); // not the chat: ignored
    });
    expect(q('[data-testid="chat-frame"]')).not.toBeNull();
    await act(async () => {
      document.dispatchEvent(violation('https://support.example.com'));
    });
    await settle();
    expect(q('[data-testid="chat-frame"]')).toBeNull();
    expect(q('[data-testid="chat-failed"]')?.textContent).toContain('The online service could not be shown here.');
    expect(q('[data-testid="chat-failed"] [data-testid="chat-new-tab"]')?.getAttribute('href')).toBe(LINK);
  });
});

describe('blocksLink', () => {
  it('matches a frame-src (or child-src) violation of the link origin only', () => {
    expect(blocksLink({ effectiveDirective: 'frame-src', blockedURI: 'https://support.example.com/a' }, LINK)).toBe(
      true,
    );
    expect(blocksLink({ effectiveDirective: 'child-src', blockedURI: 'https://support.example.com' }, LINK)).toBe(true);
    expect(blocksLink({ effectiveDirective: 'img-src', blockedURI: 'https://support.example.com/a.png' }, LINK)).toBe(
      false,
    );
    expect(blocksLink({ effectiveDirective: 'frame-src', blockedURI: 'inline' }, LINK)).toBe(false);
  });
});
