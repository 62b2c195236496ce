// A row of mutually exclusive choices (a network, a currency) as chips; the chosen one is pressed.
import type { ReactElement } from 'react';

export interface Choice {
  id: number;
  label: string;
}

export function ChoiceChips(props: {
  choices: readonly Choice[];
  value: number | null;
  onChange: (id: number) => void;
  label: string;
  testId: string;
}): ReactElement {
  return (
    <div className="mw-chips" role="radiogroup" aria-label={props.label} data-testid={props.testId}>
      {props.choices.map((c) => (
        <button
          key={c.id}
          type="button"
          role="radio"
          aria-checked={c.id === props.value}
          className="mw-chip"
          onClick={() => props.onChange(c.id)}
          data-id={c.id}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
