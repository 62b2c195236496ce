// The market list kept alive behind /trade (src/app/layout/layout.tsx) does no work per tick: hidden, its rows'
// subscriptions are gone, so a tick rewrites nothing in it and its codes leave the quote interest (the feed then stops
// sending them). Shown again, it reads the newest price. Counted with a MutationObserver and the interest list.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createRoot, type Root } from 'react-dom/client';
import { KeepAlive } from '../../../../../src/app/layout/layout.tsx';
import { LiveText } from '../../../../../src/components/text/live-text.tsx';
import { quote } from '../../../../../src/state/market/quotes.ts';
import { shownCodes } from '../../../../../src/state/market/quote-interest.ts';
import { $loggedIn, signIn, signOut } from '../../../../../src/state/account/session.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

function Rows({ codes }: { codes: string[] }) {
  return (
    <ul>
      {codes.map((c) => (
        <li key={c}>
          <LiveText field={c} $text={quote(c).$close} $dir={quote(c).$dir} />
        </li>
      ))}
    </ul>
  );
}

describe('a hidden kept-alive list', () => {
  it('gets no update per tick and holds no quote interest; shown again it shows the newest price', async () => {
    const codes = ['HIDA', 'HIDB', 'HIDC'];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(<KeepAlive active>{<Rows codes={codes} />}</KeepAlive>));
    act(() => codes.forEach((c) => (quote(c).$close.value = '1.000')));
    await Promise.resolve(); // the interest is reported per microtask
    expect(shownCodes()).toEqual(expect.arrayContaining(codes));
    expect(host.querySelector('[data-field="HIDA"]')?.textContent).toBe('1.000');

    act(() => root?.render(<KeepAlive active={false}>{<Rows codes={codes} />}</KeepAlive>));
    await Promise.resolve();
    expect(shownCodes().filter((c) => codes.includes(c))).toEqual([]);
    const seen: string[] = [];
    const mo = new MutationObserver((records) => records.forEach((r) => seen.push(r.type)));
    mo.observe(host, { subtree: true, childList: true, attributes: true, characterData: true });
    for (let i = 1; i <= 10; i++)
      act(() =>
        codes.forEach((c) => {
          quote(c).$close.value = `2.${String(i).padStart(3, '0')}`;
          quote(c).$dir.value = i % 2 ? 'up' : 'down';
        }),
      );
    await Promise.resolve();
    mo.disconnect();
    expect(seen).toEqual([]);

    act(() => root?.render(<KeepAlive active>{<Rows codes={codes} />}</KeepAlive>));
    expect(host.querySelector('[data-field="HIDA"]')?.textContent).toBe('2.010'); // the tenth tick's price
  });
});

describe('a kept-alive route shown again under another session', () => {
  /** As the desk's account strip: account work while signed in, started by an effect. */
  function AccountWork({ runs }: { runs: boolean[] }) {
    useSignals();
    const loggedIn = $loggedIn.value;
    useEffect(() => {
      if (loggedIn) runs.push($loggedIn.peek());
    }, [loggedIn]);
    return null;
  }

  it('is drawn afresh: its effects never run with the session it was hidden under', () => {
    const user = { id: 1, uid: 'U1', email: 'a@b.co', mobile: '', is_demo: 0 as const, invite_code: 'X' };
    act(() => signIn({ token: 'tok-ka', user }));
    const runs: boolean[] = [];
    const page = <AccountWork runs={runs} />; // one element, as the route table's: React reuses its last render
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(<KeepAlive active>{page}</KeepAlive>));
    expect(runs).toEqual([true]);
    act(() => root?.render(<KeepAlive active={false}>{page}</KeepAlive>));
    act(() => signOut()); // logged out on another page, then sent back to this one
    act(() => root?.render(<KeepAlive active>{page}</KeepAlive>));
    expect(runs).toEqual([true]); // not [true, false]: no account work for a signed-out session
    // Shown again under the same session, it keeps its state: no new drawing, no effect again.
    act(() => root?.render(<KeepAlive active={false}>{page}</KeepAlive>));
    act(() => root?.render(<KeepAlive active>{page}</KeepAlive>));
    expect(runs).toEqual([true]);
  });
});
