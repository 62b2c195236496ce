// A field whose kind is picked first (size by, expiry); the modes' texts are `trade.<name>_<mode>`.
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Segmented } from '../../../components/forms/segmented.tsx';
import { describedBy, FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';

export interface ModeFieldProps<M extends string> {
  /** Its class (tr-<name>), its modes' data attribute and its message's field. */
  name: 'size' | 'expiry';
  labelKey: string;
  modes: readonly M[];
  mode: M;
  note: FieldNote | null;
  onMode: (mode: M) => void;
  /** Given the attributes that tie it to the message. */
  children: (aria: ReturnType<typeof describedBy>) => ReactNode;
}

export function ModeField<M extends string>(p: ModeFieldProps<M>): ReactElement {
  const { name, labelKey, mode, note } = p;
  const { t } = useTranslation();
  const id = useId();
  const options = p.modes.map((value) => ({ value, labelKey: `trade.${name}_${value}` }));
  return (
    <div className={`tr-${name}`} {...{ [`data-${name}-mode`]: mode }}>
      <span className="tr-label">{t(labelKey)}</span>
      <Segmented
        role="listbox"
        labelKey={labelKey}
        options={options}
        value={mode}
        onChange={p.onMode}
        className={`segmented tr-${name}__modes`}
        dataName={name}
      />
      {p.children(describedBy(id, note))}
      <FieldMessage id={id} field={name} note={note} />
    </div>
  );
}
