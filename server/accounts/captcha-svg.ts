// Glyphs are stroked paths, not <text>, so the answer cannot simply be read out of the SVG source.
import { randomInt } from 'node:crypto';
import { numberText } from '../../domain/decimal-text.ts';
import glyphs from './captcha-glyphs.json' with { type: 'json' };

type Stroke = ReadonlyArray<readonly [number, number]>;

function point(p: readonly number[]): readonly [number, number] {
  const [x, y] = p;
  if (x === undefined || y === undefined || p.length !== 2) throw new Error('captcha glyph: a point is [x, y]');
  return [x, y];
}

// A 4 × 6 grid per glyph; y grows downwards. Look-alikes (0/O, 1/I, B/8, S/5, Z/2, G/6, Q) are left out.
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = Object.fromEntries(
  Object.entries(glyphs).map(([ch, strokes]) => [ch, strokes.map((stroke) => stroke.map(point))]),
);

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const CAPTCHA_WIDTH = 150;
const CAPTCHA_HEIGHT = 50;

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
