// /product (docs/contract.md §2); the variant comes from the app status start-up already asked for.
import { useEffect, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $appStatus, appStatusReady } from '../../state/settings/settings.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { companyById, searchCompanies } from '../../api/company.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { toast } from '../../state/shell/toasts.ts';
import type { Company } from '../../../domain/types.ts';
import { SearchBox, useLatestAnswer } from './search-box.tsx';
import { hasSubdomain } from '../../api/base-url.ts';
import { readCookie } from '../../i18n/cookie.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_CHEVRON } from '../../components/icons/screen-icons.ts';
import './product.css';
import { ICON_REFRESH, ICON_SEARCH } from '../../components/icons/first-icons.ts';
import { tradeInstrument } from '../../state/market/current-code.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { refreshTradeList, searchInstruments } from '../../api/instruments.ts';
import { MarketList } from '../../components/instrument/market-list.tsx';
import type { AppStatus } from '../../api/common.ts';

// An empty box lists every instrument the store has, so the page is useful before anything is typed.
export const SEARCH_DEBOUNCE_MS = 300;

export function InstrumentSearch() {
  useSignals();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { answer, searching, later, drop } = useLatestAnswer(searchInstruments, SEARCH_DEBOUNCE_MS);
  const all = $instruments.value;

  // Opened directly (not from the market): load the list so the feed knows the instruments and rows go live.
  useEffect(() => {
    if ($instruments.peek().length === 0) void refreshTradeList();
  }, []);

  const onInput = (value: string) => {
    setText(value);
    const q = value.trim();
    if (q === '') {
      // Cleared: show the full list at once and drop any answer still on its way.
      drop();
      return;
    }
    later(q);
  };

  // A failed search shows as no results (the API client has said why).
  const items = answer ? (answer.ok ? answer.value : []) : all;
  return (
    <div className="pd-page pd-page--instruments">
      <TitleBar titleKey="market.search_title" back />
      <SearchBox
        value={text}
        onInput={onInput}
        placeholderKey="market.search_placeholder"
        searching={searching}
        autoFocus
      />
      {items.length > 0 ? (
        <MarketList
          items={items}
          onPick={tradeInstrument}
          scrollKey={answer ? undefined : 'product'}
          label={t('market.search_title')}
        />
      ) : answer ? (
        <EmptyState textKey="market.no_results" icon={ICON_SEARCH} />
      ) : null}
    </div>
  );
}

function CompanyRow(p: { company: Company; chosen: boolean; onOpen: (company: Company) => void }): ReactElement {
  const { company } = p;
  const { t } = useTranslation();
  return (
    <button type="button" className="pd-company" data-testid="company-row" onClick={() => p.onOpen(company)}>
      <CompanyLogo company={company} size={40} />
      <span className="pd-company__text">
        <span className="pd-company__name">{company.name}</span>
        <span className="pd-company__sub">{company.subject}</span>
        <span className="pd-company__where">{company.location}</span>
      </span>
      {p.chosen ? <span className="pd-company__badge">{t('product.chosen_badge')}</span> : null}
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

// The main site's /product (docs/contract.md §2, §7 getCompany); a failed search says so and offers a retry.
// The company is kept for the parent domain so the phone and desktop hosts share it (docs/contract.md §9).
export const COMPANY_COOKIE = 'company_id';
/** 3 × 365 days in seconds. Chromium caps any cookie at 400 days, so savedCompanyId() renews it on every read. */
export const COMPANY_COOKIE_MAX_AGE = 3 * 365 * 86_400;

export interface CookieJar {
  read(): string; // document.cookie
  write(cookie: string): void;
}

export const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
};

export interface CookieHost {
  hostname: string;
  secure: boolean; // https: the cookie is marked Secure
}

const currentHost = (): CookieHost => ({
  hostname: window.location.hostname,
  secure: window.location.protocol === 'https:',
});

/** Null for a host-only cookie. */
export function sharedCookieDomain(hostname: string): string | null {
  return hasSubdomain(hostname) ? hostname.split('.').slice(1).join('.') : null;
}

export function companyCookieString(id: number, host: CookieHost, domain: string | null): string {
  const parts = [`${COMPANY_COOKIE}=${id}`, 'path=/', `max-age=${COMPANY_COOKIE_MAX_AGE}`, 'samesite=lax'];
  if (domain) parts.push(`domain=${domain}`);
  if (host.secure) parts.push('secure');
  return parts.join('; ');
}

/** Anything else in the cookie (edited by hand, another app) is ignored. */
export function parseCompanyId(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** True when the browser holds it afterwards (read back). */
export function saveCompanyId(id: number, jar: CookieJar = documentJar, host: CookieHost = currentHost()): boolean {
  const domain = sharedCookieDomain(host.hostname);
  jar.write(companyCookieString(id, host, domain));
  if (parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE)) === id) return true;
  if (domain === null) return false;
  jar.write(companyCookieString(id, host, null)); // the parent domain was refused: keep it on this host
  return parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE)) === id;
}

/** A valid one is written again, so it lasts 3 years from the last visit. */
export function savedCompanyId(jar: CookieJar = documentJar, host: CookieHost = currentHost()): number | null {
  const id = parseCompanyId(readCookie(jar.read(), COMPANY_COOKIE));
  if (id !== null) saveCompanyId(id, jar, host);
  return id;
}

/** A javascript: URL from a bad record must not run. */
const webLink = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);
const mailLink = (email: string): string | null => (/^[^\s@<>"]+@[^\s@<>"]+$/.test(email) ? `mailto:${email}` : null);

export const COMPANY_DEBOUNCE_MS = 300;

export function CompanySearch(): ReactElement {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { answer: result, searching, search, later } = useLatestAnswer(searchCompanies, COMPANY_DEBOUNCE_MS);
  const [popup, setPopup] = useState<Company | null>(null);
  const [chosen, setChosen] = useState<Company | null>(null);

  useEffect(() => {
    search(''); // the whole list first, so the page is useful before anything is typed
    const id = savedCompanyId();
    // A failed read: the list still works; the kept choice shows on the next visit.
    if (id !== null) companyById(id).then(setChosen, () => undefined);
  }, [search]);

  const onInput = (value: string) => {
    setText(value);
    later(value.trim());
  };

  const choose = (company: Company) => {
    if (saveCompanyId(company.id)) {
      setChosen(company);
      toast(t('product.chosen', { name: company.name }));
    } else {
      toast(t('product.cookie_blocked'));
    }
    setPopup(null);
  };

  const popupChosen = popup !== null && popup.id === chosen?.id;
  const site = popup ? webLink(popup.url) : null;
  const mail = popup ? mailLink(popup.email) : null;
  return (
    <div className="pd-page pd-page--companies">
      <TitleBar titleKey="product.title" back />
      <SearchBox value={text} onInput={onInput} placeholderKey="product.search_placeholder" searching={searching} />
      <div className="pd-companies">
        {chosen ? (
          <section className="pd-chosen" aria-label={t('product.current')}>
            <h2 className="pd-heading">{t('product.current')}</h2>
            <CompanyRow company={chosen} chosen onOpen={setPopup} />
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
                <CompanyRow company={c} chosen={c.id === chosen?.id} onOpen={setPopup} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {/* The company popup (docs/contract.md §2 main variant, §3 fields). */}
      {popup ? (
        <BottomSheet open onClose={() => setPopup(null)} titleKey="product.popup_title">
          <div className="pd-popup" data-testid="company-popup">
            <div className="pd-popup__head">
              <CompanyLogo company={popup} size={64} />
              <h3 className="pd-popup__name">{popup.name}</h3>
            </div>
            <dl className="pd-fields">
              <dt>{t('product.field_subject')}</dt>
              <dd>{popup.subject}</dd>
              <dt>{t('product.field_registered_address')}</dt>
              <dd>{popup.registered_address}</dd>
              <dt>{t('product.field_location')}</dt>
              <dd>{popup.location}</dd>
              <dt>{t('product.field_email')}</dt>
              <dd>{mail ? <a href={mail}>{popup.email}</a> : popup.email}</dd>
              <dt>{t('product.field_url')}</dt>
              <dd>
                {site ? (
                  <a href={site} target="_blank" rel="noopener noreferrer">
                    {popup.url}
                  </a>
                ) : (
                  popup.url
                )}
              </dd>
            </dl>
            <button
              type="button"
              className="btn btn-primary btn-block"
              data-testid="company-choose"
              disabled={popupChosen}
              onClick={() => choose(popup)}
            >
              {t(popupChosen ? 'product.chosen_badge' : 'product.choose')}
            </button>
          </div>
        </BottomSheet>
      ) : null}
    </div>
  );
}

// getCompanyStatus `type` 1 = main site (docs/product.md), which searches companies; others search instruments.
/** Unknown counts as not main: instrument search works on every site. */
export function isMainSite(status: AppStatus | null): boolean {
  return status?.type === 1;
}

const statusSettled = () => appStatusReady().then(() => true);

export function ProductPage(): ReactElement {
  useSignals();
  const settled = useLoaded(statusSettled).data === true;
  if (!settled && $appStatus.value === null)
    return (
      <div className="pd-wait" aria-busy="true">
        <Spinner />
      </div>
    );
  return isMainSite($appStatus.value) ? <CompanySearch /> : <InstrumentSearch />;
}
