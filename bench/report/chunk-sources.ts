// Which package each byte of a built chunk came from, by decoding its source map, for the report's treemap.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** Relative values, as in the map. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const d = DIGIT.get(c);
    if (d === undefined) throw new Error(`bad base64 digit ${c}`);
    value += (d & 31) << shift;
    if (d & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Per generated line, its segments in column order, with the source and original line of those that map one. */
export function segmentsByLine(mappings: string): { col: number; source: number | null; line: number }[][] {
  let source = 0;
  let line = 0;
  return mappings.split(';').map((text) => {
    let col = 0;
    return text
      .split(',')
      .filter(Boolean)
      .map((seg) => {
        const f = decodeVlq(seg);
        col += f[0] ?? 0;
        if (f.length < 4) return { col, source: null, line };
        source += f[1] ?? 0;
        line += f[2] ?? 0;
        return { col, source, line };
      });
  });
}

export function bytesBySource(
  code: string,
  map: { sources?: string[]; mappings?: string },
  ownerOf: (source: string) => string,
): Record<string, number> {
  const owners = (map.sources ?? []).map(ownerOf);
  const out: Record<string, number> = {};
  const add = (owner: string, n: number): void => {
    if (n > 0) out[owner] = (out[owner] ?? 0) + n;
  };
  const lines = code.split('\n');
  const segments = segmentsByLine(map.mappings ?? '');
  lines.forEach((text, li) => {
    // The map's columns are UTF-16 units, but minified output is nearly all ASCII.
    let prevCol = 0;
    let prevOwner = '(no source)';
    for (const s of segments[li] ?? []) {
      add(prevOwner, s.col - prevCol);
      prevOwner = (s.source === null ? null : owners[s.source]) ?? '(no source)';
      prevCol = s.col;
    }
    add(prevOwner, text.length - prevCol + (li < lines.length - 1 ? 1 : 0));
  });
  return out;
}
