// The crosshair goes when the trader is done with it (docs/screens.md "The chart"): a tap shows it on a touch screen
// and the library keeps it, with its time label and its dashed price line, until the next touch on the chart — through
// a scroll of the page, a sheet opened and closed, a price line turned into an alert. So a press anywhere outside the
// chart, a scroll of the page and the pointer leaving the chart each clear it.
import type { IChartApi } from 'lightweight-charts';

export function clearCrosshairOnTapOut(chart: Pick<IChartApi, 'clearCrosshairPosition'>, box: HTMLElement): () => void {
  const clear = () => chart.clearCrosshairPosition();
  const onDown = (e: Event) => {
    if (!(e.target instanceof Node) || !box.contains(e.target)) clear();
  };
  const doc = box.ownerDocument;
  doc.addEventListener('pointerdown', onDown, true);
  doc.addEventListener('scroll', clear, { capture: true, passive: true });
  // A mouse leaving; a finger lifted also "leaves", and a tap's crosshair is there to be read until a tap elsewhere.
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') clear();
  };
  box.addEventListener('pointerleave', onLeave);
  return () => {
    doc.removeEventListener('pointerdown', onDown, true);
    doc.removeEventListener('scroll', clear, true);
    box.removeEventListener('pointerleave', onLeave);
  };
}
