// Spread over frames so the first draws (each creating a canvas context) are no long task on a slow phone.
import { animationFrames } from '../../state/shell/clock.ts';

export interface Frames {
  request(cb: () => void): void;
  now(): number;
}

/** Milliseconds of drawing per frame: well inside a 60 Hz frame, with room for the price updates of that frame. */
export const DRAW_BUDGET_MS = 4;

export class DrawQueue {
  private readonly pending = new Map<object, () => void>();
  private scheduled = false;

  constructor(
    private readonly frames: Frames,
    private readonly budgetMs = DRAW_BUDGET_MS,
  ) {}

  /** Replaces a draw of the same key still waiting. */
  enqueue(key: object, draw: () => void): void {
    this.pending.delete(key); // re-inserted at the end: the order is the order of the latest requests
    this.pending.set(key, draw);
    this.schedule();
  }

  cancel(key: object): void {
    this.pending.delete(key);
  }

  get size(): number {
    return this.pending.size;
  }

  private schedule(): void {
    if (this.scheduled || this.pending.size === 0) return;
    this.scheduled = true;
    this.frames.request(() => this.run());
  }

  private run(): void {
    this.scheduled = false;
    const start = this.frames.now();
    for (const [key, draw] of this.pending) {
      this.pending.delete(key);
      draw();
      // At least one draw per frame, so a slow draw can never stall the queue.
      if (this.frames.now() - start >= this.budgetMs) break;
    }
    this.schedule();
  }
}

const browserFrames: Frames = {
  request: (cb) => void animationFrames.request(cb),
  now: () => performance.now(),
};

/** Every sparkline on screen shares the per-frame budget. */
export const sparklineDraws = new DrawQueue(browserFrames);
