// Seeded so the sanitiser runs on every start; the e2e test fails on any request to the canary host.
import samples from './news-hostile.json' with { type: 'json' };

export const HOSTILE_CANARY = 'canary.tickwise.invalid';

/** `{canary}` in a sample's HTML stands for the canary's origin. */
export const HOSTILE_NEWS: ReadonlyArray<{ slug: string; title: string; html: string }> = samples.map((s) => ({
  ...s,
  html: s.html.replaceAll('{canary}', `https://${HOSTILE_CANARY}`),
}));
