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
  const mapLines = (map.mappings ?? '').split(';');
  let source = 0;
  for (let li = 0; li < lines.length; li++) {
    // The map's columns are UTF-16 units, but minified output is nearly all ASCII.
    const line = lines[li] ?? '';
    let col = 0;
    let prevCol = 0;
    let prevOwner = '(no source)';
    for (const seg of (mapLines[li] ?? '').split(',')) {
      if (!seg) continue;
      const f = decodeVlq(seg);
      col += f[0] ?? 0;
      add(prevOwner, col - prevCol);
      if (f.length >= 4) {
        source += f[1] ?? 0;
        prevOwner = owners[source] ?? '(no source)';
      } else prevOwner = '(no source)';
      prevCol = col;
    }
    add(prevOwner, line.length - prevCol + (li < lines.length - 1 ? 1 : 0));
  }
  return out;
}
