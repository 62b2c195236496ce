// /product on the main site: debounced company search, empty and error states, the company popup with the §3
// fields, choosing a company keeps its id in the cookie; the page picks the variant from the app status.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { mounted, mountInRouter, typeInSearch, unmountMounted } from '../../../router-mount.tsx';
import type { Company } from '../../../../../domain/types.ts';

vi.mock('../../../../../src/api/company.ts', () => ({ searchCompanies: vi.fn(), companyById: vi.fn() }));
vi.mock('../../../../../src/api/instruments.ts', () => ({ searchInstruments: vi.fn(), refreshTradeList: vi.fn() }));

const { searchCompanies, companyById } = await import('../../../../../src/api/company.ts');
const { initI18n, i18n } = await import('../../../../../src/i18n/index.ts');
const { CompanySearch, COMPANY_DEBOUNCE_MS } = await import('../../../../../src/pages/product/product-page.tsx');
const { ProductPage } = await import('../../../../../src/pages/product/product-page.tsx');
const { $appStatus } = await import('../../../../../src/state/settings/settings.ts');
const { $toasts } = await import('../../../../../src/state/shell/toasts.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const company = (id: number, name: string): Company => ({
  id,
  name,
  subject: `${name} business`,
  logo: 'data:image/svg+xml;base64,PHN2Zy8+',
  url: `https://www.example.com/${id}`,
  registered_address: `${id} Harbour Road`,
  location: 'Hong Kong',
  email: `desk${id}@example.com`,
});
const HARBOUR = company(2, 'Harbour Line Brokerage Ltd');
const NORTH = company(3, 'Northwind Capital Pte');

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

const view = mounted;
const render = mountInRouter;
const type = typeInSearch;

const names = () => Array.from(view().querySelectorAll('.pd-company-list .pd-company__name')).map((n) => n.textContent);
const popup = () => document.querySelector<HTMLElement>('[data-testid="company-popup"]');
const click = async (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(searchCompanies).mockResolvedValue([HARBOUR, NORTH]);
  vi.mocked(companyById).mockResolvedValue(null);
});

afterEach(() => {
  unmountMounted();
  vi.useRealTimers();
  vi.mocked(searchCompanies).mockReset();
  vi.mocked(companyById).mockReset();
  document.cookie = 'company_id=; path=/; max-age=0';
  $appStatus.value = null;
  $toasts.value = [];
});

describe('CompanySearch', () => {
  it('lists every company first, then asks the server once per pause in typing', async () => {
    await render(<CompanySearch />);
    expect(searchCompanies).toHaveBeenCalledWith('');
    expect(names()).toEqual([HARBOUR.name, NORTH.name]);
    vi.mocked(searchCompanies).mockClear().mockResolvedValue([NORTH]);
    await type('n');
    await type('no');
    await type('nor ');
    expect(searchCompanies).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(COMPANY_DEBOUNCE_MS - 1));
    expect(searchCompanies).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(searchCompanies).toHaveBeenCalledTimes(1);
    expect(searchCompanies).toHaveBeenCalledWith('nor');
    expect(names()).toEqual([NORTH.name]);
  });

  it('shows only the newest answer when an older one arrives late', async () => {
    let late: (v: Company[]) => void = () => undefined;
    await render(<CompanySearch />);
    vi.mocked(searchCompanies)
      .mockReturnValueOnce(new Promise((r) => (late = r)))
      .mockResolvedValueOnce([NORTH]);
    await type('h');
    await act(async () => vi.advanceTimersByTime(COMPANY_DEBOUNCE_MS));
    await type('n');
    await act(async () => vi.advanceTimersByTime(COMPANY_DEBOUNCE_MS));
    await act(async () => late([HARBOUR]));
    expect(names()).toEqual([NORTH.name]);
  });

  it('says when nothing matches', async () => {
    await render(<CompanySearch />);
    vi.mocked(searchCompanies).mockResolvedValue([]);
    await type('zzz');
    await act(async () => vi.advanceTimersByTime(COMPANY_DEBOUNCE_MS));
    expect(view().textContent).toContain(i18n.t('product.no_results'));
    expect(names()).toEqual([]);
  });

  it('says when the search failed and retries on request', async () => {
    vi.mocked(searchCompanies).mockRejectedValue(new Error('down'));
    await render(<CompanySearch />);
    expect(view().textContent).toContain(i18n.t('product.load_failed'));
    vi.mocked(searchCompanies).mockResolvedValue([HARBOUR]);
    await click(Array.from(view().querySelectorAll('button')).find((b) => b.textContent === i18n.t('product.retry')));
    expect(names()).toEqual([HARBOUR.name]);
  });

  it('opens the popup with the §3 fields; choosing keeps the id in the cookie and marks the company', async () => {
    await render(<CompanySearch />);
    await click(view().querySelectorAll('[data-testid="company-row"]')[1]);
    const sheet = popup();
    expect(sheet?.textContent).toContain(NORTH.name);
    for (const text of [NORTH.subject, NORTH.registered_address, NORTH.location, NORTH.email, NORTH.url])
      expect(sheet?.textContent).toContain(text);
    for (const key of ['field_subject', 'field_registered_address', 'field_location', 'field_email', 'field_url'])
      expect(sheet?.textContent).toContain(i18n.t(`product.${key}`));
    expect(sheet?.querySelector('img')?.getAttribute('src')).toBe(NORTH.logo);
    const site = sheet?.querySelector<HTMLAnchorElement>(`a[href="${NORTH.url}"]`);
    expect(site?.rel).toBe('noopener noreferrer');
    expect(sheet?.querySelector(`a[href="mailto:${NORTH.email}"]`)).not.toBeNull();

    await click(sheet?.querySelector('[data-testid="company-choose"]'));
    expect(popup()).toBeNull();
    expect(document.cookie).toContain('company_id=3');
    expect($toasts.value.map((t) => t.text)).toContain(i18n.t('product.chosen', { name: NORTH.name }));
    expect(view().querySelector('.pd-chosen')?.textContent).toContain(NORTH.name);
  });

  it('does not link a company site that is not http(s)', async () => {
    vi.mocked(searchCompanies).mockResolvedValue([{ ...HARBOUR, url: 'javascript:alert(1)' }]);
    await render(<CompanySearch />);
    await click(view().querySelector('[data-testid="company-row"]'));
    expect(popup()?.textContent).toContain('javascript:alert(1)');
    expect(popup()?.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows the kept company on top when the cookie holds its id', async () => {
    document.cookie = 'company_id=2; path=/';
    vi.mocked(companyById).mockResolvedValue(HARBOUR);
    await render(<CompanySearch />);
    expect(companyById).toHaveBeenCalledWith(2);
    expect(view().querySelector('.pd-chosen')?.textContent).toContain(HARBOUR.name);
    expect(view().querySelector('.pd-company-list .pd-company__badge')?.textContent).toBe(
      i18n.t('product.chosen_badge'),
    );
  });
});

describe('ProductPage variant', () => {
  it('searches companies on the main site (status type 1)', async () => {
    $appStatus.value = { status: 0, type: 1, loss_url: '' };
    await render(<ProductPage />);
    expect(view().querySelector('.pd-company-list')).not.toBeNull();
    expect(view().textContent).toContain(i18n.t('product.title'));
  });

  it('searches instruments on any other site', async () => {
    $appStatus.value = { status: 0, type: 2, loss_url: '' };
    await render(<ProductPage />);
    expect(searchCompanies).not.toHaveBeenCalled();
    expect(view().textContent).toContain(i18n.t('market.search_title'));
  });
});
