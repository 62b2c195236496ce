// Which quotes the feed parses: the codes on screen (quote interest), the pinned ones (open positions'
// instruments, the /trade instrument, instruments with price alerts: setPinnedCodes), the positions the risk book
// marks, and the order form's. A DAY_MARKET frame is scanned, not JSON.parse'd whole: a tuple of any other code is
// skipped with two indexOf calls and kept as its raw text, the newest per code, so when its code is needed again
// (a row scrolled into view) it is parsed then and the row is current at once; the idb keep reads them too.
// Anything that is not the server's exact frame shape goes the slow way (the whole frame parsed), filtered alike.

/** How the server writes a DAY_MARKET frame (JSON.stringify of {type, data}): the fast path's prefix. */
const PREFIX = '{"type":"DAY_MARKET","data":[';

export class QuoteFilter {
  private shown: ReadonlySet<string> | null = null; // null: the page has not said (every code is needed)
  private pinned: ReadonlySet<string> = new Set();
  private held: ReadonlySet<string> = new Set();
  private form: string | null = null;
  /** Skipped tuples, newest per code: raw text (fast path) or the parsed value (slow path). */
  private readonly skipped = new Map<string, string | unknown[]>();

  /** Whether anything is skipped at all (the page has said what it shows). */
  get filtering(): boolean {
    return this.shown !== null;
  }

  /** Whether a code's quotes are parsed and applied now. */
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

  /**
   * The needed tuples of a DAY_MARKET frame's text, parsed (each still to be checked by the caller), the others
   * kept raw; null when the text is not a DAY_MARKET frame in the server's own shape (parse it whole instead).
   */
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

  /** The slow path's filter: the needed tuples of a parsed frame; the others kept. */
  pick(data: readonly unknown[]): unknown[] {
    const out: unknown[] = [];
    for (const t of data) {
      const code = Array.isArray(t) && typeof t[0] === 'string' ? t[0] : null;
      if (code === null || this.needs(code)) out.push(t);
      else this.skipped.set(code, t as unknown[]);
    }
    return out;
  }

  /** The kept tuples whose codes are needed now (parsed, removed from the store): to apply before the next frame. */
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

  /** Every kept tuple, parsed and left in place: the idb keep's newest quotes (written every few seconds, not per tick). */
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
