// Name and value grouped in a <div>, as HTML allows, so a row can be styled.
import type { ReactElement, ReactNode, Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

export interface DefRowProps {
  className?: string;
  labelKey: string;
  /** What tests and styles find it by. */
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
