// Apart from the canvas code so the scaling rules are unit-tested without a browser.

export type Trend = 'up' | 'down' | 'flat';

const finite = (series: ArrayLike<number>): number[] => Array.from(series).filter((v) => Number.isFinite(v));

export interface SparkBox {
  width: number; // drawing width in canvas pixels
  height: number; // drawing height in canvas pixels
  pad: number; // inset on every side so the line's stroke is never clipped
}

/** Points [x0, y0, …], max at the top inset (canvas y grows down); non-finite values dropped, flat ones mid-height. */
export function sparklinePoints(series: ArrayLike<number>, box: SparkBox): Float32Array {
  const values = finite(series);
  if (values.length === 0) return new Float32Array(0);
  if (values.length === 1) values.push(values[0] as number);

  const min = Math.min(...values);
  const max = Math.max(...values);
  const innerW = Math.max(0, box.width - 2 * box.pad);
  const innerH = Math.max(0, box.height - 2 * box.pad);
  const span = max - min;
  const stepX = innerW / (values.length - 1);
  const out = new Float32Array(values.length * 2);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    out[i * 2] = box.pad + i * stepX;
    // A flat series has no span: draw it through the middle rather than dividing by zero.
    out[i * 2 + 1] = span === 0 ? box.pad + innerH / 2 : box.pad + ((max - v) / span) * innerH;
  }
  return out;
}

/** For the line colour. */
export function sparklineTrend(series: ArrayLike<number>): Trend {
  const values = finite(series);
  const first = values[0];
  const last = values.at(-1);
  if (first === undefined || last === undefined || last === first) return 'flat';
  return last > first ? 'up' : 'down';
}
