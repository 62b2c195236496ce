// The live-connection state, discreetly: a small dot when live, dot + label while connecting/reconnecting/offline.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { $conn } from '../state/feed-signals.ts';
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
    </span>
  );
}
