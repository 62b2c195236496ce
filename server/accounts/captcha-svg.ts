// Glyphs are stroked paths, not <text>, so the answer cannot simply be read out of the SVG source.
import { randomInt } from 'node:crypto';
import { numberText } from '../../domain/decimal-text.ts';

type Stroke = ReadonlyArray<readonly [number, number]>;

// A 4 × 6 grid per glyph; y grows downwards. Look-alikes (0/O, 1/I, B/8, S/5, Z/2, G/6, Q) are left out.
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.9, 3.6],
      [3.1, 3.6],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [4, 0],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.7],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
    [
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
  ],
  '9': [
    [
      [4, 3.2],
      [1, 3.2],
      [0, 2.2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4],
      [2.5, 6],
      [0.5, 6],
    ],
  ],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

const rnd = (min: number, max: number): number => min + (randomInt(0, 10_001) / 10_000) * (max - min);
const f = (n: number): string => numberText(n, 1);

function glyphPaths(ch: string, cx: number, cy: number): string {
  const strokes = GLYPHS[ch];
  if (!strokes) return '';
  const scale = rnd(4.8, 5.8);
  const angle = (rnd(-22, 22) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const hue = randomInt(0, 360);
  const paths: string[] = [];
  for (const stroke of strokes) {
    const pts = stroke.map(([x, y]) => {
      const gx = (x - 2 + rnd(-0.22, 0.22)) * scale;
      const gy = (y - 3 + rnd(-0.22, 0.22)) * scale;
      return `${f(cx + gx * cos - gy * sin)} ${f(cy + gx * sin + gy * cos)}`;
    });
    paths.push(
      `<path d="M${pts.join(' L')}" fill="none" stroke="hsl(${hue},65%,32%)" stroke-width="${f(rnd(2.4, 3.4))}" ` +
        'stroke-linecap="round" stroke-linejoin="round"/>',
    );
  }
  return paths.join('');
}

function noise(): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y0 = rnd(5, CAPTCHA_HEIGHT - 5);
    const y1 = rnd(5, CAPTCHA_HEIGHT - 5);
    parts.push(
      `<path d="M0 ${f(y0)} C${f(rnd(30, 70))} ${f(rnd(0, 50))} ${f(rnd(80, 120))} ${f(rnd(0, 50))} ${CAPTCHA_WIDTH} ${f(y1)}" ` +
        `fill="none" stroke="hsl(${randomInt(0, 360)},45%,55%)" stroke-width="${f(rnd(1, 1.8))}" opacity="0.8"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${f(rnd(0, CAPTCHA_WIDTH))}" cy="${f(rnd(0, CAPTCHA_HEIGHT))}" r="${f(rnd(0.6, 1.6))}" ` +
        `fill="hsl(${randomInt(0, 360)},40%,50%)" opacity="0.7"/>`,
    );
  }
  return parts.join('');
}

export function renderCaptchaSvg(answer: string): string {
  const cell = CAPTCHA_WIDTH / (answer.length + 0.6);
  const glyphs = [...answer]
    .map((ch, i) => glyphPaths(ch, cell * (i + 0.8) + rnd(-3, 3), CAPTCHA_HEIGHT / 2 + rnd(-4, 4)))
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" ` +
    `viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="hsl(${randomInt(0, 360)},40%,94%)"/>` +
    `${noise()}${glyphs}</svg>`
  );
}
