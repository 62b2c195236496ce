// Keeps the order preview (margin, fee, P&L at stops) current without flooding the feed:
// at most one previewOrder call in flight; changes meanwhile collapse into one follow-up call.
import type { OrderPreview, OrderPreviewInput } from '../../../workers/protocol.ts';

export type PreviewFn = (input: OrderPreviewInput) => Promise<OrderPreview>;

export class PreviewRunner {
  private input: OrderPreviewInput | null = null;
  private inFlight = false;
  private dirty = false;
  private disposed = false;
  private started = false;

  constructor(
    private readonly preview: PreviewFn,
    private readonly onResult: (result: OrderPreview | null) => void,
  ) {}

  /** New inputs (or null when the form cannot be previewed): previews them as soon as the feed is free. */
  set(input: OrderPreviewInput | null): void {
    // The same inputs object again (effects re-running) asks nothing new.
    if (this.started && input === this.input) return;
    this.started = true;
    this.input = input;
    this.request();
  }

  /** The price moved: the same inputs give a new margin for a market order. */
  request(): void {
    if (this.disposed) return;
    if (this.inFlight) {
      this.dirty = true;
      return;
    }
    void this.run();
  }

  dispose(): void {
    this.disposed = true;
  }

  private async run(): Promise<void> {
    const input = this.input;
    if (!input) {
      this.onResult(null);
      return;
    }
    this.inFlight = true;
    this.dirty = false;
    let result: OrderPreview | null = null;
    try {
      result = await this.preview(input);
    } catch (err) {
      console.warn('previewOrder failed', err);
    }
    this.inFlight = false;
    if (this.disposed) return;
    // Inputs changed while this call ran: its answer is for old inputs, ask again instead of showing it.
    if (this.input !== input) {
      void this.run();
      return;
    }
    // Same inputs but the price moved meanwhile: show this answer, then refresh it once.
    this.onResult(result);
    if (this.dirty) void this.run();
  }
}
