// A new channel empties the field and its message.
import { useState, type ReactElement } from 'react';
import type { LoginType } from '../../api/account.ts';
import { Segmented } from '../../components/forms/segmented.tsx';
import { Field } from '../../components/forms/field.tsx';
import { AreaPicker } from '../../components/forms/area-picker.tsx';
import { EMAIL_FIELD, MOBILE_FIELD, type FieldErrors } from '../../components/credentials/use-field-errors.ts';
import { useAreas } from '../../components/credentials/use-areas.ts';
import type { AccountField } from '../../components/credentials/validation.ts';

const CHANNEL_OPTIONS = (['email', 'mobile'] as const).map((value) => ({ value, labelKey: `auth.by_${value}` }));

export function useChannelAccount() {
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const { areas, area, setArea } = useAreas(type === 'mobile');
  return { type, setType, account, setAccount, areas, area, setArea };
}

export interface ChannelAccountProps {
  state: ReturnType<typeof useChannelAccount>;
  errors: Pick<FieldErrors<AccountField>, 'inputProps' | 'setError'>;
  labelKey: string;
  /** False where only e-mail is offered: no switch. */
  chooser?: boolean;
}

export function ChannelAccount({ state, errors, labelKey, chooser = true }: ChannelAccountProps): ReactElement {
  const input = errors.inputProps('account', state.account, state.setAccount);
  return (
    <>
      {chooser ? (
        <Segmented
          labelKey={labelKey}
          options={CHANNEL_OPTIONS}
          value={state.type}
          onChange={(v) => {
            state.setType(v);
            state.setAccount('');
            errors.setError(null);
          }}
        />
      ) : null}
      {/* The address a code goes to: an e-mail field, or a phone field with its calling-code picker. */}
      {state.type === 'email' ? (
        <Field {...EMAIL_FIELD} {...input} />
      ) : (
        <Field
          {...MOBILE_FIELD}
          {...input}
          start={<AreaPicker areas={state.areas} value={state.area} onChange={state.setArea} />}
        />
      )}
    </>
  );
}
