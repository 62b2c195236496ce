// The bench's phone is drawn as a phone of its scale draws (bench/render/browser.ts, scaleFlag): a ResizeObserver's
// device pixels agree with devicePixelRatio, so lightweight-charts sizes its canvases once, at the phone's scale.
import { describe, expect, it } from 'vitest';
import { launchPinned, openPage, PHONE_SCALE } from '../../bench/render/browser.ts';

interface Seen {
  ratio: number;
  device: number;
  css: number;
}

describe("the bench's phone", () => {
  it('reports to a ResizeObserver the device pixels devicePixelRatio says', async () => {
    const pinned = await launchPinned(null, { scale: PHONE_SCALE });
    try {
      const { context, page } = await openPage(pinned.browser, { width: 360, height: 740 }, true, 1);
      await page.setContent('<div id="box" style="width: 296px; height: 100px"></div>');
      const seen = await page.evaluate(
        () =>
          new Promise<Seen>((resolve) => {
            const box = document.getElementById('box');
            if (!box) throw new Error('no box');
            new ResizeObserver(([e]) => {
              if (!e) return;
              const device = e.devicePixelContentBoxSize[0]?.inlineSize ?? 0;
              resolve({ ratio: devicePixelRatio, device, css: e.contentBoxSize[0]?.inlineSize ?? 0 });
            }).observe(box, { box: 'device-pixel-content-box' });
          }),
      );
      expect(seen).toEqual({ ratio: PHONE_SCALE, device: 296 * PHONE_SCALE, css: 296 });
      await context.close();
    } finally {
      await pinned.close();
    }
  });
});
