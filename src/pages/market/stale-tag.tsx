// The small clock + "stale" tag a row or header shows (via CSS) while its price is stale.
import { useTranslation } from 'react-i18next';

export function StaleTag({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <span className={className} title={t('market.stale_hint')}>
      <svg viewBox="0 0 16 16" width="11" height="11" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {t('market.stale')}
    </span>
  );
}
