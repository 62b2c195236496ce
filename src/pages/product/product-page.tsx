// /product (docs/contract.md §2); the variant comes from the app status start-up already asked for.
import { useEffect, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $appStatus, appStatusReady } from '../../state/settings/settings.ts';
import { Spinner } from '../../components/lists/spinner.tsx';
import { CompanySearch } from './company-search.tsx';
import { InstrumentSearch } from './instrument-search.tsx';
import type { AppStatus } from '../../api/common.ts';

// getCompanyStatus `type` 1 = main site (docs/product.md), which searches companies; others search instruments.
export const MAIN_SITE_TYPE = 1;

/** Unknown counts as not main: instrument search works on every site. */
export function isMainSite(status: AppStatus | null): boolean {
  return status?.type === MAIN_SITE_TYPE;
}

export function ProductPage(): ReactElement {
  useSignals();
  const [settled, setSettled] = useState(() => $appStatus.peek() !== null);
  useEffect(() => {
    if (settled) return;
    let live = true;
    void appStatusReady().then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [settled]);
  if (!settled)
    return (
      <div className="pd-wait" aria-busy="true">
        <Spinner />
      </div>
    );
  return isMainSite($appStatus.value) ? <CompanySearch /> : <InstrumentSearch />;
}
