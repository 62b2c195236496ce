// The live-connection state, discreetly: a dot when live, a label otherwise, and a "data saver" pill.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $conn } from '../../state/feed/feed-signals.ts';
import { $lowBandwidth } from '../../state/settings/data-saver.ts';
import './conn-badge.css';

export function ConnBadge({ compact = false }: { compact?: boolean }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const state = $conn.value;
  const label = t(`conn.${state}`);
  return (
    <span className="conn-badge" data-conn={state} role="status" aria-live="polite" title={label}>
      <span className="conn-badge__dot" aria-hidden="true" />
      <span className={state === 'live' || compact ? 'visually-hidden' : 'conn-badge__label'}>{label}</span>
      {$lowBandwidth.value ? (
        <span
          className="conn-badge__saver"
          title={t('conn.saver_hint')}
          data-testid="saver-badge"
          data-compact={compact}
        >
          {/* Compact (the /trade header on a phone): a glyph only, so the instrument's code keeps its room. */}
          <svg viewBox="0 0 16 16" width="11" height="11" aria-hidden="true">
            <path
              d="M8 2v9M4.5 7.5 8 11l3.5-3.5M3 14h10"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className={compact ? 'visually-hidden' : undefined}>{t('conn.saver')}</span>
        </span>
      ) : null}
    </span>
  );
}
