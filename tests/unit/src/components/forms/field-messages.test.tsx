// The one form-message mechanism (src/components/forms/use-field-messages.ts): one message per field, under
// its field, replaced by the newest, gone when its cause is fixed; a shown (submit/server) message wins until the
// field is edited.
import { act, useState, type ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Field } from '../../../../../src/components/forms/field.tsx';
import { useFieldMessages, type FieldNote } from '../../../../../src/components/forms/use-field-messages.ts';
import { FieldMessage } from '../../../../../src/components/forms/field-message.tsx';
import { initI18n } from '../../../../../src/i18n/index.ts';
import { mounted, mountInRouter, unmountMounted } from '../../../router-mount.tsx';

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});
afterEach(() => unmountMounted());

let api: { show: (f: 'amount' | 'form', n: FieldNote | null) => void } | null = null;

function Form(): ReactElement {
  const [amount, setAmount] = useState('');
  // The live rule: letters are not a number (an empty field says nothing until a submit does).
  const live = { amount: amount !== '' && !/^\d+(\.\d+)?$/.test(amount) ? { key: 'errors.lots_invalid' } : null };
  const msgs = useFieldMessages<'amount'>(live);
  api = msgs;
  return (
    <form>
      <Field
        labelKey="trade.lots"
        name="amount"
        value={amount}
        onChange={msgs.edit('amount', setAmount)}
        note={msgs.of('amount')}
      />
      <FieldMessage id="form-msg" field="form" note={msgs.of('form')} />
      <output data-blocked={String(msgs.blocked)} />
    </form>
  );
}

async function type(value: string): Promise<void> {
  const input = mounted().querySelector<HTMLInputElement>('input');
  if (!input) throw new Error('no input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const messages = () => [...mounted().querySelectorAll('[role="alert"]')].map((m) => m.textContent);
const blocked = () => mounted().querySelector('output')?.dataset.blocked;

describe('useFieldMessages + FieldMessage', () => {
  it('validates as the user types: the message comes with the bad value and goes when it is fixed', async () => {
    await mountInRouter(<Form />);
    expect(messages()).toEqual([]);
    await type('1e3');
    expect(messages()).toEqual(['Please enter a valid number of lots']);
    expect(mounted().querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
    expect(blocked()).toBe('true');
    await type('12');
    expect(messages()).toEqual([]);
    expect(blocked()).toBe('false');
  });

  it('keeps one message per field: a shown one replaces the last, and an edit drops it (and the form message)', async () => {
    await mountInRouter(<Form />);
    await act(async () => api?.show('amount', { text: 'first' }));
    await act(async () => api?.show('amount', { text: 'second' }));
    await act(async () => api?.show('form', { text: 'refused by the server' }));
    expect(messages()).toEqual(['second', 'refused by the server']);
    await type('5');
    expect(messages()).toEqual([]);
  });

  it('puts the message in the flow under its field, named by the input', async () => {
    await mountInRouter(<Form />);
    await type('abc');
    const msg = mounted().querySelector('[data-message-for="amount"]');
    const input = mounted().querySelector('input');
    expect(msg?.previousElementSibling?.contains(input ?? null)).toBe(true);
    expect(input?.getAttribute('aria-describedby')).toBe(msg?.id);
  });
});
