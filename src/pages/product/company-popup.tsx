// The company popup (docs/contract.md §2 main variant, §3 fields).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import type { Company } from '../../../domain/types.ts';
import { CompanyLogo } from './company-row.tsx';

export interface CompanyPopupProps {
  company: Company | null;
  chosen: boolean;
  onChoose: (company: Company) => void;
  onClose: () => void;
}

/** A javascript: URL from a bad record must not run. */
const webLink = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);
const mailLink = (email: string): string | null => (/^[^\s@<>"]+@[^\s@<>"]+$/.test(email) ? `mailto:${email}` : null);

export function CompanyPopup({ company, chosen, onChoose, onClose }: CompanyPopupProps): ReactElement | null {
  const { t } = useTranslation();
  if (!company) return null;
  const site = webLink(company.url);
  const mail = mailLink(company.email);
  return (
    <BottomSheet open onClose={onClose} titleKey="product.popup_title">
      <div className="pd-popup" data-testid="company-popup">
        <div className="pd-popup__head">
          <CompanyLogo company={company} size={64} />
          <h3 className="pd-popup__name">{company.name}</h3>
        </div>
        <dl className="pd-fields">
          <dt>{t('product.field_subject')}</dt>
          <dd>{company.subject}</dd>
          <dt>{t('product.field_registered_address')}</dt>
          <dd>{company.registered_address}</dd>
          <dt>{t('product.field_location')}</dt>
          <dd>{company.location}</dd>
          <dt>{t('product.field_email')}</dt>
          <dd>{mail ? <a href={mail}>{company.email}</a> : company.email}</dd>
          <dt>{t('product.field_url')}</dt>
          <dd>
            {site ? (
              <a href={site} target="_blank" rel="noopener noreferrer">
                {company.url}
              </a>
            ) : (
              company.url
            )}
          </dd>
        </dl>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="company-choose"
          disabled={chosen}
          onClick={() => onChoose(company)}
        >
          {t(chosen ? 'product.chosen_badge' : 'product.choose')}
        </button>
      </div>
    </BottomSheet>
  );
}
