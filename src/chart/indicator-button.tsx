// The sheet is a chunk loaded on the first tap: /trade's first frame on a phone draws none of it.
import { Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { lazyChunk } from '../components/hooks/chunk-retry.ts';

const IndicatorSheet = lazyChunk(async () => (await import('./indicator-sheet.tsx')).IndicatorSheet);

export function IndicatorButton({ maxPanes }: { maxPanes: number }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="tw-ind-open tap-reach"
        data-action="indicators"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('chart.indicators')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <IndicatorSheet onClose={() => setOpen(false)} maxPanes={maxPanes} />
        </Suspense>
      ) : null}
    </>
  );
}
