// One instrument's alerts (docs/alerts.md); Web Push permission is asked only on its own tap.
import { useEffect, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import type { Instrument } from '../../../domain/types.ts';
import type { AlertSheetRequest } from '../../state/alerts/alert-sheet.ts';
import { $alerts, loadAlerts } from '../../state/alerts/price-alerts.ts';
import { AlertForm } from './alert-form.tsx';
import { AlertRow } from './alert-row.tsx';
import { PushSetting } from './push-setting.tsx';
import './alerts.css';

export function AlertsSheet({
  request,
  onClose,
}: {
  request: AlertSheetRequest | null;
  onClose: () => void;
}): ReactElement {
  return (
    <BottomSheet open={request !== null} onClose={onClose} titleKey="alerts.title">
      {request ? (
        <div className="al-body">
          <AlertForm key={request.seq} inst={request.inst} kind={request.kind} price={request.price} />
          <InstrumentAlerts inst={request.inst} />
          <PushSetting />
        </div>
      ) : null}
    </BottomSheet>
  );
}

function InstrumentAlerts({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void loadAlerts();
  }, []);
  const list = $alerts.value;
  const mine = list?.alerts.filter((a) => a.instrumentId === inst.Id) ?? [];
  const active = list?.alerts.filter((a) => a.status === 'active').length ?? 0;
  return (
    <section className="al-list" aria-label={t('alerts.open_for', { code: inst.ShowCode })}>
      {list ? <p className="al-count">{t('alerts.count', { count: active, max: list.max })}</p> : null}
      {mine.length === 0 ? (
        <p className="al-empty">{t('alerts.empty')}</p>
      ) : (
        <ul className="al-rows">
          {mine.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
