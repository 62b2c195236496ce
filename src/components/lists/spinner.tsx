// Decorative: the surrounding element says what is loading.
import type { ReactElement } from 'react';
import './spinner.css';

export function Spinner({ size = 28 }: { size?: number }): ReactElement {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
