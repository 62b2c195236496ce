// The back-office page fetches private images with the staff session (docs/back-office.md "The page"): only the image
// route with an upload's id counts as one, so a trader's text that starts like one (a withdrawal memo) never makes a
// member's browser call another route as them.
import { describe, expect, it } from 'vitest';
import { imageBlobUrl, isImageUrl } from '../../../../src/ops/ops-api.ts';

describe('private images on the back-office page', () => {
  it('are exactly the image route and an upload id', () => {
    expect(isImageUrl('/api/common/image/AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
    for (const v of [
      '/api/common/image/../../api/ops/commands',
      '/api/common/image/AbCdEfGhIjKlMnOpQrStUv/../../ops/run/user-credit',
      '/api/common/image/AbCdEfGhIjKlMnOpQrStUv?x=1',
      '/api/common/image/%2e%2e%2fops',
      '//evil.example/api/common/image/AbCdEfGhIjKlMnOpQrStUv',
      'https://evil.example/api/common/image/AbCdEfGhIjKlMnOpQrStUv',
      '/api/common/image/',
    ]) {
      expect(isImageUrl(v), v).toBe(false);
    }
  });

  it('fetches nothing for any other path', async () => {
    let fetched = 0;
    const real = globalThis.fetch;
    globalThis.fetch = async () => {
      fetched++;
      return new Response('');
    };
    try {
      await expect(
        imageBlobUrl({ kind: 'session', secret: 's' }, '/api/common/image/../../api/ops/commands'),
      ).rejects.toThrow();
    } finally {
      globalThis.fetch = real;
    }
    expect(fetched).toBe(0);
  });
});
