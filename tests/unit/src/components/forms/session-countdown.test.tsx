// The 60 s code-resend countdown on injected (fake) time, alone and inside the send-code button.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createCountdown, SendCodeButton } from '../../../../../src/components/forms/send-code-button.tsx';
import { browserTimers, systemClock } from '../../../../../src/state/shell/clock.ts';
import { initI18n } from '../../../../../src/i18n/index.ts';
import '../../../pages-render.tsx';

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createCountdown', () => {
  it('counts 60 → 0 once a second and then stops', () => {
    const c = createCountdown(60, browserTimers, systemClock);
    expect(c.$left.value).toBe(0);
    c.start();
    expect(c.$left.value).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(c.$left.value).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(c.$left.value).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(c.$left.value).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('computes what is left from the clock, so throttled ticks still end on time', () => {
    let now = 0;
    const clock = { now: () => now };
    const c = createCountdown(60, browserTimers, clock);
    c.start();
    now = 45_500; // the tab slept; only one tick arrives
    vi.advanceTimersByTime(1000);
    expect(c.$left.value).toBe(15);
  });

  it('start again restarts from 60; stop resets to 0', () => {
    const c = createCountdown(60, browserTimers, systemClock);
    c.start();
    vi.advanceTimersByTime(10_000);
    c.start();
    expect(c.$left.value).toBe(60);
    c.stop();
    expect(c.$left.value).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('SendCodeButton', () => {
  let root: Root;
  let host: HTMLElement;

  async function render(onSend: () => Promise<boolean>): Promise<HTMLButtonElement> {
    host = document.createElement('div');
    document.body.appendChild(host);
    await act(async () => {
      root = createRoot(host);
      root.render(<SendCodeButton onSend={onSend} />);
    });
    const button = host.querySelector('button');
    if (!button) throw new Error('no button');
    return button;
  }

  afterEach(async () => {
    await act(async () => root.unmount());
    host.remove();
  });

  it('after a successful send it is disabled for 60 s, counting, then re-enabled', async () => {
    const onSend = vi.fn(async () => true);
    const button = await render(onSend);
    expect(button.textContent).toBe('Send code');
    await act(async () => button.click());
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Resend in 60s');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(button.textContent).toBe('Resend in 30s');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Send code');
  });

  it('a failed send does not start the countdown', async () => {
    const button = await render(async () => false);
    await act(async () => button.click());
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Send code');
  });
});
