// The order form's preview: recomputed when its instrument ticks, sent only if a figure moved.
import type { FeedBatch, OrderPreview, OrderPreviewInput } from '../protocol.ts';

export class PreviewWatch {
  private watched: { seq: number; input: OrderPreviewInput } | null = null;
  private dirty = false;
  private last: OrderPreview | null = null;

  /** Whether a frame is needed. */
  watch(seq: number, input: OrderPreviewInput | null): boolean {
    this.watched = input ? { seq, input } : null;
    this.last = null;
    this.dirty = input !== null;
    return this.dirty;
  }

  ticked(code: string): void {
    if (this.watched && code === this.watched.input.code) this.dirty = true;
  }

  /** `compute` prices it at the newest quote. */
  take(compute: (input: OrderPreviewInput) => OrderPreview): FeedBatch['preview'] {
    const w = this.watched;
    if (!w || !this.dirty) return null;
    this.dirty = false;
    const p = compute(w.input);
    const last = this.last;
    this.last = p;
    if (last && samePreview(last, p)) return null;
    return { seq: w.seq, preview: p };
  }
}

function samePreview(a: OrderPreview, b: OrderPreview): boolean {
  return (
    a.ok === b.ok &&
    a.reason === b.reason &&
    a.price === b.price &&
    a.margin === b.margin &&
    a.fee === b.fee &&
    a.pnlAtStopProfit === b.pnlAtStopProfit &&
    a.pnlAtStopLoss === b.pnlAtStopLoss
  );
}
