// A notice is not a question: a notice dialog has one OK button that closes it, no Cancel / Confirm pair offering a
// choice that does nothing.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../../../src/components/overlays/confirm-dialog.tsx';
import { initI18n } from '../../../../../src/i18n/index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

describe('a notice dialog', () => {
  it('has one OK button that closes it', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const close = vi.fn();
    await act(async () =>
      root.render(
        <ConfirmDialog
          open
          notice
          titleKey="page.feedback"
          messageKey="feedback.sent"
          onConfirm={close}
          onCancel={close}
        />,
      ),
    );
    const buttons = [...document.body.querySelectorAll<HTMLButtonElement>('.dialog button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['OK']);
    await act(async () => buttons[0]?.click());
    expect(close).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    host.remove();
  });
});
