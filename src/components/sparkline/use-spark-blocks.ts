// Series come from the feed worker after the first screen, so the drawing is a chunk of its own, loaded on the first.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { effect } from '@preact/signals-react';
import { $sparklines } from '../../state/feed/feed-signals.ts';
import { browserChunkDeps, loadChunk } from '../hooks/chunk-retry.ts';
import type { SparkBinding } from './spark-binding.ts';

export interface SparkBlocksOptions {
  scroller: RefObject<HTMLElement | null>;
  layer: RefObject<HTMLElement | null>;
  codes: readonly string[];
  rowHeight: number;
  /** Rows drawn beyond each edge (the list's overscan), so a row scrolling in has its line already. */
  overscanRows: number;
  /** Off for compact lists, which show no sparkline. */
  enabled: boolean;
}

/** Shared by every list, loaded once. */
let binder: Promise<typeof import('./spark-binding.ts')> | null = null;
const loadBinder = (): Promise<typeof import('./spark-binding.ts')> =>
  (binder ??= loadChunk(() => import('./spark-binding.ts'), browserChunkDeps()).catch((err: unknown) => {
    binder = null; // the next list (or the next series) tries again
    throw err;
  }));

/** A binding and what it was made for: shown again with the same, it resumes instead of drawing afresh. */
interface Kept {
  binding: SparkBinding;
  made: readonly unknown[];
}

export function useSparkBlocks({ scroller, layer, codes, rowHeight, overscanRows, enabled }: SparkBlocksOptions): void {
  const kept = useRef<Kept | null>(null);
  const codesRef = useRef(codes);

  useLayoutEffect(() => {
    const sc = scroller.current;
    const ly = layer.current;
    const made = [sc, ly, rowHeight, overscanRows];
    const last = kept.current;
    // <Activity> cleans a hidden list's effects up and runs them again when it shows: its canvases stay drawn.
    if (enabled && last && made.every((x, i) => x === last.made[i])) {
      last.binding.resume();
      return () => last.binding.pause();
    }
    last?.binding.dispose();
    kept.current = null;
    if (!enabled || !sc || !ly) return undefined;
    let gone = false;
    let asked = false;
    const bind = (): void => {
      asked = true;
      loadBinder().then(
        ({ bindSparkBlocks }) => {
          if (gone) return;
          const binding = bindSparkBlocks(sc, ly, rowHeight, overscanRows);
          kept.current = { binding, made };
          binding.setCodes(codesRef.current);
        },
        (err: unknown) => console.warn('sparklines: the drawing did not load', err),
      );
    };
    // effect runs at once: series already there load the drawing now.
    const stopWaiting = effect(() => {
      if (!asked && Object.keys($sparklines.value).length > 0) bind();
    });
    return () => {
      gone = true;
      stopWaiting();
      kept.current?.binding.pause();
    };
  }, [scroller, layer, rowHeight, overscanRows, enabled]);

  useLayoutEffect(() => {
    codesRef.current = codes;
    kept.current?.binding.setCodes(codes);
  }, [codes]);
}
