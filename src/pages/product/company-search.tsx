// The main site's /product (docs/contract.md §2, §7 getCompany); a failed search says so and offers a retry.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { companyById, searchCompanies } from '../../api/company.ts';
import { browserTimers } from '../../state/shell/clock.ts';
import type { Timers } from '../../state/shell/clock.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { toast } from '../../components/overlays/toast.tsx';
import type { Company } from '../../../domain/types.ts';
import { debouncer } from './debounce.ts';
import { saveCompanyId, savedCompanyId } from './company-cookie.ts';
import { CompanyPopup } from './company-popup.tsx';
import { CompanyRow } from './company-row.tsx';
import { SearchBox } from './search-box.tsx';
import { useLatestAnswer } from './use-latest-answer.ts';
import './product.css';
import { ICON_REFRESH, ICON_SEARCH } from '../../components/icons/first-icons.ts';

export const COMPANY_DEBOUNCE_MS = 300;

export interface CompanySearchProps {
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>; // tests drive the debounce with fake timers
}

export function CompanySearch({ timers = browserTimers }: CompanySearchProps): ReactElement {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { answer: result, searching, search } = useLatestAnswer(searchCompanies);
  const [open, setOpen] = useState<Company | null>(null);
  const [chosen, setChosen] = useState<Company | null>(null);
  const debounce = useMemo(() => debouncer(timers, COMPANY_DEBOUNCE_MS), [timers]);

  useEffect(() => {
    search(''); // the whole list first, so the page is useful before anything is typed
    const id = savedCompanyId();
    if (id !== null) {
      companyById(id)
        .then(setChosen)
        .catch(() => undefined); // the list still works; the kept choice shows on the next visit
    }
    return () => debounce.cancel();
  }, [search, debounce]);

  const onInput = (value: string) => {
    setText(value);
    debounce.run(() => search(value.trim()));
  };

  const choose = (company: Company) => {
    if (saveCompanyId(company.id)) {
      setChosen(company);
      toast(t('product.chosen', { name: company.name }));
    } else {
      toast(t('product.cookie_blocked'));
    }
    setOpen(null);
  };

  return (
    <div className="pd-page pd-page--companies">
      <TitleBar titleKey="product.title" back />
      <SearchBox value={text} onInput={onInput} placeholderKey="product.search_placeholder" searching={searching} />
      <div className="pd-companies">
        {chosen ? (
          <section className="pd-chosen" aria-label={t('product.current')}>
            <h2 className="pd-heading">{t('product.current')}</h2>
            <CompanyRow company={chosen} chosen onOpen={setOpen} />
          </section>
        ) : null}
        {result?.ok === false ? (
          <EmptyState textKey="product.load_failed" icon={ICON_REFRESH}>
            <button type="button" className="btn btn-secondary" onClick={() => search(text.trim())}>
              {t('product.retry')}
            </button>
          </EmptyState>
        ) : result?.ok && result.value.length === 0 ? (
          <EmptyState textKey="product.no_results" hintKey="product.no_results_hint" icon={ICON_SEARCH} />
        ) : result?.ok ? (
          <ul className="pd-company-list" aria-label={t('product.results')}>
            {result.value.map((c) => (
              <li key={c.id}>
                <CompanyRow company={c} chosen={c.id === chosen?.id} onOpen={setOpen} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <CompanyPopup
        company={open}
        chosen={open !== null && open.id === chosen?.id}
        onChoose={choose}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
