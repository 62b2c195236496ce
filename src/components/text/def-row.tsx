// One name and value of a description list (<dl>), grouped in a <div> as HTML allows so a row can be styled: the name
// translated, the value as the caller builds it (a figure, live text, a note beside it). The order summary, the
// account strip and the close-all sheet show their figures this way.
import type { ReactElement, ReactNode, Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

export interface DefRowProps {
  className?: string;
  labelKey: string;
  /** The value cell's class, data-field (what tests and styles find it by) and ref. */
  valueClass?: string;
  field?: string;
  valueRef?: Ref<HTMLElement>;
  children: ReactNode;
}

export function DefRow({ className, labelKey, valueClass, field, valueRef, children }: DefRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <dt>{t(labelKey)}</dt>
      <dd className={valueClass} data-field={field} ref={valueRef}>
        {children}
      </dd>
    </div>
  );
}
