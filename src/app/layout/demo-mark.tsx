// docs/contract.md §9: a page titled DEMO by whoever deploys it shows a DEMO mark on every screen.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DEMO_TITLE } from '../start/desktop-host.ts';
import './demo-mark.css';

export function isDemoTitle(title: string): boolean {
  return title.trim() === DEMO_TITLE;
}

export function DemoMark(): ReactElement | null {
  const { t } = useTranslation();
  if (!isDemoTitle(document.title)) return null;
  return (
    <div className="demo-mark" data-testid="demo-mark" role="note">
      {t('product.demo_mark')}
    </div>
  );
}
