// Each parameter is checked as typed (domain/indicators.ts checkParam); Save keeps nothing while one is refused.
import { useId, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { BottomSheet } from '../components/overlays/bottom-sheet.tsx';
import type { IndicatorKind, IndicatorSettings, ParamError } from '../../domain/indicators.ts';
import {
  checkParam,
  defaultIndicatorSettings,
  INDICATOR_KINDS,
  PANE_KINDS,
  PARAM_RULES,
} from '../../domain/indicators.ts';
import { $historyBars, $indicatorSettings, saveIndicatorSettings } from './chart-settings.ts';
import { askLineShown, chooseAskLine } from './ask-line.ts';
import { useWide } from '../components/hooks/use-wide.ts';
import './indicator-sheet.css';

type Draft = Record<IndicatorKind, { on: boolean; texts: string[] }>;

const toDraft = (s: IndicatorSettings): Draft => {
  const d = {} as Draft;
  for (const k of INDICATOR_KINDS) d[k] = { on: s[k].on, texts: s[k].params.map(String) };
  return d;
};

/** Mounted while open, so the draft starts from the saved settings each time. */
export function IndicatorSheet({ onClose, maxPanes }: { onClose: () => void; maxPanes: number }): ReactElement {
  return (
    <BottomSheet open onClose={onClose} titleKey="chart.indicators">
      <SheetBody maxPanes={maxPanes} onDone={onClose} />
    </BottomSheet>
  );
}

function SheetBody({ maxPanes, onDone }: { maxPanes: number; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  useSignals();
  const saved = $indicatorSettings.value;
  const history = $historyBars.value;
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [paneError, setPaneError] = useState<IndicatorKind | null>(null);
  const wide = useWide();
  const [askLine, setAskLine] = useState(() => askLineShown(wide));
  const errors = (k: IndicatorKind): (ParamError | null)[] =>
    draft[k].texts.map((text, i) => {
      const r = checkParam(k, i, text, history);
      return 'error' in r ? r.error : null;
    });
  const anyError = INDICATOR_KINDS.some((k) => draft[k].on && errors(k).some(Boolean));

  const toggle = (k: IndicatorKind, on: boolean) => {
    if (on && PANE_KINDS.has(k) && INDICATOR_KINDS.filter((x) => PANE_KINDS.has(x) && draft[x].on).length >= maxPanes) {
      setPaneError(k); // the screen has no room for another pane
      return;
    }
    setPaneError(null);
    setDraft({ ...draft, [k]: { ...draft[k], on } });
  };
  const type = (k: IndicatorKind, i: number, text: string) => {
    const texts = draft[k].texts.slice();
    texts[i] = text;
    setDraft({ ...draft, [k]: { ...draft[k], texts } });
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (anyError) return;
    const next = defaultIndicatorSettings();
    for (const k of INDICATOR_KINDS) {
      const params = draft[k].texts.map((text, i) => {
        const r = checkParam(k, i, text, history);
        return 'value' in r ? r.value : (saved[k].params[i] ?? 1);
      });
      next[k] = { on: draft[k].on, params };
    }
    void saveIndicatorSettings(next);
    // Kept only when changed: untouched, each width keeps its own default.
    if (askLine !== askLineShown(wide)) chooseAskLine(askLine);
    onDone();
  };

  return (
    <form className="ind-sheet" data-testid="indicator-sheet" noValidate onSubmit={save}>
      <p className="ind-sheet__hint">{t('chart.ind_panes_hint', { max: maxPanes })}</p>
      <Switch className="ind-row ind-row__switch" on={askLine} action="ask-line-toggle" onToggle={setAskLine}>
        {t('chart.ask_line')}
      </Switch>
      {INDICATOR_KINDS.map((k) => (
        <KindRow
          key={k}
          kind={k}
          on={draft[k].on}
          texts={draft[k].texts}
          errors={errors(k)}
          paneRefused={paneError === k ? maxPanes : null}
          onToggle={(on) => toggle(k, on)}
          onType={(i, text) => type(k, i, text)}
        />
      ))}
      <div className="ind-sheet__actions">
        <button
          type="button"
          className="btn btn-ghost"
          data-action="indicator-defaults"
          onClick={() => setDraft(toDraft(defaultIndicatorSettings()))}
        >
          {t('chart.defaults')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          data-action="indicator-save"
          aria-disabled={anyError || undefined}
        >
          {t('chart.save')}
        </button>
      </div>
    </form>
  );
}

interface KindRowProps {
  kind: IndicatorKind;
  on: boolean;
  texts: string[];
  errors: (ParamError | null)[];
  paneRefused: number | null;
  onToggle: (on: boolean) => void;
  onType: (i: number, text: string) => void;
}

interface SwitchProps {
  className: string;
  on: boolean;
  action: string;
  onToggle: (on: boolean) => void;
  children: ReactNode;
}

function Switch({ className, on, action, onToggle, children }: SwitchProps): ReactElement {
  return (
    <label className={className}>
      <input type="checkbox" checked={on} data-action={action} onChange={(e) => onToggle(e.currentTarget.checked)} />
      <span>{children}</span>
    </label>
  );
}

function KindRow({ kind, on, texts, errors, paneRefused, onToggle, onType }: KindRowProps): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const rules = PARAM_RULES[kind];
  return (
    <fieldset className="ind-row" data-kind={kind} data-on={on ? 'true' : 'false'}>
      <legend className="visually-hidden">{t(`chart.ind_${kind}`)}</legend>
      <Switch className="ind-row__switch" on={on} action="indicator-toggle" onToggle={onToggle}>
        {t(`chart.ind_${kind}`)}
      </Switch>
      {paneRefused !== null ? (
        <p className="ind-row__error" role="alert" data-testid="pane-refused">
          {t('chart.ind_err_panes', { max: paneRefused })}
        </p>
      ) : null}
      {on ? (
        <div className="ind-row__params">
          {rules.map((rule, i) => {
            const err = errors[i] ?? null;
            const inputId = `${id}-${i}`;
            return (
              <div className="ind-param" key={i} data-invalid={err ? 'true' : undefined}>
                <label htmlFor={inputId}>{t(rule.name, { n: i + 1 })}</label>
                <input
                  id={inputId}
                  className="ind-param__input tw-num"
                  inputMode={rule.integer ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  value={texts[i] ?? ''}
                  data-param={i}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${inputId}-err` : undefined}
                  onChange={(e) => onType(i, e.currentTarget.value)}
                />
                {err ? (
                  <span id={`${inputId}-err`} className="ind-param__error" role="alert">
                    {t(err.key, err.values)}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </fieldset>
  );
}
