// The address a code goes to: an e-mail field, or a phone field with its calling-code picker, by the channel tab.
import type { ReactElement } from 'react';
import type { LoginType } from '../../api/account.ts';
import type { AreaCode } from '../../../domain/types.ts';
import { Field } from '../../components/forms/field.tsx';
import { AreaPicker } from '../../components/forms/area-picker.tsx';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import { EMAIL_FIELD, MOBILE_FIELD } from '../../components/credentials/auth-fields.ts';

export interface AccountInputProps {
  type: LoginType;
  value: string;
  onChange: (value: string) => void;
  note: FieldNote | null;
  areas: readonly AreaCode[];
  area: AreaCode | null;
  onArea: (area: AreaCode) => void;
}

export function AccountInput({ type, value, onChange, note, areas, area, onArea }: AccountInputProps): ReactElement {
  const input = { value, onChange, note };
  return type === 'email' ? (
    <Field {...EMAIL_FIELD} {...input} />
  ) : (
    <Field {...MOBILE_FIELD} {...input} start={<AreaPicker areas={areas} value={area} onChange={onArea} />} />
  );
}
