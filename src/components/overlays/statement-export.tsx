// The server checks the range and the sheet stays open to fix it (docs/trading.md "Statements").
import { useState, type FormEvent, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { fetchStatement, statementFileName, type StatementKind } from '../../api/statements.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import { Field } from '../forms/field.tsx';
import { browserTimers, systemClock } from '../../state/shell/clock.ts';
import { $user } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useBusy } from '../forms/use-form-submit.ts';
import './statement.css';

/** The statement's days are UTC. */
export function defaultRange(now: number): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

export function StatementExport({ kind }: { kind: StatementKind }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(() => defaultRange(systemClock.now()));
  const { busy, during } = useBusy(); // a failure was shown by the client; the sheet stays to fix it
  const uid = $user.value?.uid;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = { kind, ...range, uid };
    await during(async () => {
      saveBlob(await fetchStatement(request), statementFileName(request));
      toast(t('statement.saved'));
      setOpen(false);
    });
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost st-open"
        data-action={`export-${kind}`}
        onClick={() => setOpen(true)}
      >
        {t('statement.export')}
      </button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        titleKey={kind === 'records' ? 'statement.title_records' : 'statement.title_orders'}
      >
        <form className="st-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="st-days">
            {(['from', 'to'] as const).map((end) => (
              <Field
                key={end}
                type="date"
                labelKey={`statement.${end}`}
                value={range[end]}
                onChange={(day) => setRange((r) => ({ ...r, [end]: day }))}
                name={end}
                required
              />
            ))}
          </div>
          <p className="st-hint muted">{t('statement.range_hint')}</p>
          <button type="submit" className="btn btn-primary btn-block" data-action="download-statement" disabled={busy}>
            {t('statement.download')}
          </button>
        </form>
      </BottomSheet>
    </>
  );
}

// The blob: address names only bytes in this page's memory; released a minute later, once the download started.
const RELEASE_MS = 60_000;

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  browserTimers.setTimeout(() => URL.revokeObjectURL(url), RELEASE_MS);
}
