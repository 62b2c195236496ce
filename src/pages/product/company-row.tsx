import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../components/icons/icons.tsx';
import type { Company } from '../../../domain/types.ts';
import { ICON_CHEVRON } from '../../components/icons/screen-icons.ts';

export interface CompanyRowProps {
  company: Company;
  chosen: boolean;
  onOpen: (company: Company) => void;
}

export function CompanyRow({ company, chosen, onOpen }: CompanyRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <button type="button" className="pd-company" data-testid="company-row" onClick={() => onOpen(company)}>
      <CompanyLogo company={company} size={40} />
      <span className="pd-company__text">
        <span className="pd-company__name">{company.name}</span>
        <span className="pd-company__sub">{company.subject}</span>
        <span className="pd-company__where">{company.location}</span>
      </span>
      {chosen ? <span className="pd-company__badge">{t('product.chosen_badge')}</span> : null}
      <Icon icon={ICON_CHEVRON} size={18} className="flip-rtl" />
    </button>
  );
}

/** Only data:image and http(s) sources are drawn (img never runs script). */
export function CompanyLogo({ company, size }: { company: Company; size: 40 | 64 }): ReactElement {
  const safe = /^(data:image\/|https?:\/\/)/i.test(company.logo);
  return safe ? (
    <img className={`pd-logo pd-logo--${size}`} src={company.logo} alt="" width={size} height={size} />
  ) : (
    <span className={`pd-logo pd-logo--${size} pd-logo--blank`} aria-hidden="true" />
  );
}
