// Which quotes the feed parses: a frame is scanned, and tuples of codes not needed are kept raw, newest per code.

/** The fast path's prefix: what JSON.stringify of {type, data} writes. */
const PREFIX = '{"type":"DAY_MARKET","data":[';

export class QuoteFilter {
  private shown: ReadonlySet<string> | null = null; // null: the page has not said (every code is needed)
  private pinned: ReadonlySet<string> = new Set();
  private held: ReadonlySet<string> = new Set();
  private form: string | null = null;
  /** Raw text (fast path) or the parsed value (slow path). */
  private readonly skipped = new Map<string, string | unknown[]>();

  get filtering(): boolean {
    return this.shown !== null;
  }

  needs(code: string): boolean {
    return (
      this.shown === null || this.shown.has(code) || this.pinned.has(code) || this.held.has(code) || this.form === code
    );
  }

  setShown(codes: readonly string[] | null): void {
    this.shown = codes === null ? null : new Set(codes);
  }

  setPinned(codes: readonly string[]): void {
    this.pinned = new Set(codes);
  }

  setHeld(codes: Iterable<string>): void {
    this.held = new Set(codes);
  }

  setForm(code: string | null): void {
    this.form = code;
  }

  /** null when the text is not in the server's own shape: the caller parses it whole instead. */
  scan(text: string): unknown[] | null {
    if (!text.startsWith(PREFIX)) return null;
    const out: unknown[] = [];
    let pos = PREFIX.length;
    for (;;) {
      if (text.charCodeAt(pos) === 93 /* ] */) return text.length === pos + 2 && text.endsWith(']}') ? out : null;
      if (!text.startsWith('["', pos)) return null;
      const codeEnd = text.indexOf('"', pos + 2);
      // A tuple holds a code, two decimal strings and two numbers: its first ']' ends it.
      const end = codeEnd < 0 ? -1 : text.indexOf(']', codeEnd);
      if (end < 0) return null;
      const code = text.slice(pos + 2, codeEnd);
      if (code.includes('\\')) return null; // an escaped code: the slow path reads it right
      const raw = text.slice(pos, end + 1);
      if (this.needs(code)) {
        try {
          out.push(JSON.parse(raw));
        } catch {
          return null;
        }
      } else this.skipped.set(code, raw);
      pos = end + 1;
      const next = text.charCodeAt(pos);
      if (next === 44 /* , */) pos++;
      else if (next !== 93) return null;
    }
  }

  pick(data: readonly unknown[]): unknown[] {
    const out: unknown[] = [];
    for (const t of data) {
      const code = Array.isArray(t) && typeof t[0] === 'string' ? t[0] : null;
      if (code === null || this.needs(code)) out.push(t);
      else this.skipped.set(code, t as unknown[]);
    }
    return out;
  }

  /** Removed from the store, to apply before the next frame. */
  takeNeeded(): unknown[] {
    const out: unknown[] = [];
    for (const [code, t] of this.skipped) {
      if (!this.needs(code)) continue;
      this.skipped.delete(code);
      const v = parsed(t);
      if (v !== null) out.push(v);
    }
    return out;
  }

  /** Left in place: the idb keep writes them every few seconds, not per tick. */
  peekAll(): unknown[] {
    const out: unknown[] = [];
    for (const [code, t] of this.skipped) {
      const v = parsed(t);
      if (v !== null) {
        this.skipped.set(code, v as unknown[]);
        out.push(v);
      }
    }
    return out;
  }
}

function parsed(t: string | unknown[]): unknown {
  if (typeof t !== 'string') return t;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return null;
  }
}
