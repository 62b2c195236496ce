// A field of the order form whose kind is picked first: what the order is sized by, when a pending order
// expires. Its label, the modes as a listbox (`trade.<name>_<mode>` their texts), the chosen mode's input, and the
// field's one message under it.
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Segmented } from '../../../components/forms/segmented.tsx';
import { describedBy, FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';

export interface ModeFieldProps<M extends string> {
  /** The field's name: its class (tr-<name>), its modes' data attribute and its message's field. */
  name: 'size' | 'expiry';
  labelKey: string;
  modes: readonly M[];
  mode: M;
  note: FieldNote | null;
  onMode: (mode: M) => void;
  /** The chosen mode's input, given the attributes that tie it to the message. */
  children: (aria: ReturnType<typeof describedBy>) => ReactNode;
}

export function ModeField<M extends string>({
  name,
  labelKey,
  modes,
  mode,
  note,
  onMode,
  children,
}: ModeFieldProps<M>): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const options = modes.map((value) => ({ value, labelKey: `trade.${name}_${value}` }));
  return (
    <div className={`tr-${name}`} {...{ [`data-${name}-mode`]: mode }}>
      <span className="tr-label">{t(labelKey)}</span>
      <Segmented
        role="listbox"
        labelKey={labelKey}
        options={options}
        value={mode}
        onChange={onMode}
        className={`segmented tr-${name}__modes`}
        dataName={name}
      />
      {children(describedBy(id, note))}
      <FieldMessage id={id} field={name} note={note} />
    </div>
  );
}
