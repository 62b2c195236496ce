// The library keeps a tapped crosshair until the next touch, so leaving clears it (docs/screens.md "The chart").
import type { IChartApi } from 'lightweight-charts';

export function clearCrosshairOnTapOut(chart: Pick<IChartApi, 'clearCrosshairPosition'>, box: HTMLElement): () => void {
  const clear = () => chart.clearCrosshairPosition();
  const onDown = (e: Event) => {
    if (!(e.target instanceof Node) || !box.contains(e.target)) clear();
  };
  const doc = box.ownerDocument;
  doc.addEventListener('pointerdown', onDown, true);
  // Only a scroll that moves the chart: a list beside it (quotes, positions) scrolls as rows come and go.
  const onScroll = (e: Event) => {
    if (e.target === doc || (e.target instanceof Node && e.target.contains(box))) clear();
  };
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true });
  // A lifted finger also "leaves", and a tap's crosshair is there to be read until a tap elsewhere.
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') clear();
  };
  box.addEventListener('pointerleave', onLeave);
  return () => {
    doc.removeEventListener('pointerdown', onDown, true);
    doc.removeEventListener('scroll', onScroll, true);
    box.removeEventListener('pointerleave', onLeave);
  };
}
