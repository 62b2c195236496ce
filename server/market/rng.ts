// Keyed draws for history, so any bar can be regenerated alone from its identity (instrument, level, time).

export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mixIn(h: number, k: number): number {
  let x = Math.imul(k | 0, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

function finalMix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** murmur3-style mixing. */
export function hashInts(a: number, b: number, c = 0, d = 0): number {
  let h = mixIn(0x9747b28c, a);
  h = mixIn(h, b);
  h = mixIn(h, c);
  h = mixIn(h, d);
  return finalMix(h ^ 16);
}

const TWO_32 = 4294967296;

export function keyedUniform(a: number, b: number, c: number, d: number): number {
  return (hashInts(a, b, c, d) + 0.5) / TWO_32;
}

/** Box–Muller over two keyed uniforms. */
export function keyedNormal(a: number, b: number, c: number, d: number): number {
  const u1 = keyedUniform(a, b, c, d * 2 + 1);
  const u2 = keyedUniform(a, b, c, d * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** mulberry32: fast and fine for a simulation, not for secrets. */
export class SeqRng {
  private state: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / TWO_32;
  }

  /** Box–Muller; the second value is kept for the next call. */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    const r = Math.sqrt(-2 * Math.log(this.next()));
    const a = 2 * Math.PI * this.next();
    this.spare = r * Math.sin(a);
    return r * Math.cos(a);
  }

  exponential(mean: number): number {
    return -Math.log(this.next()) * mean;
  }
}
