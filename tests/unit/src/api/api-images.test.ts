// Private images through the app's HTTP client: the session header goes with them, image bytes come back as an
// object URL, and a refusal inside a blob (JSON envelope) is still a refusal with its message.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../../src/api/client.ts';
import { privateImageUrl } from '../../../../src/api/images.ts';
import { initI18n } from '../../../../src/i18n/index.ts';
import { signIn } from '../../../../src/state/account/session.ts';
import { fakeServer, type FakeServer } from '../../api-fake-server.ts';

let server: FakeServer;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});
beforeEach(() => {
  server = fakeServer();
  signIn({ token: 'tok-img', user: { id: 1, uid: 'U1', email: 'a@b.co', mobile: '', is_demo: 0, invite_code: 'X' } });
});
afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});

describe('privateImageUrl', () => {
  it('fetches with the session and returns an object URL of the bytes', async () => {
    const bytes = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    server.on('GET', '/api/common/image/abc', { raw: bytes });
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    expect(await privateImageUrl('/api/common/image/abc')).toBe('blob:test/1');
    expect(made).toHaveBeenCalledWith(bytes);
    expect(server.seen[0]?.headers['authorization']).toBe('tok-img');
  });

  it('turns an envelope inside a blob into the refusal it is', async () => {
    const refusal = new Blob([JSON.stringify({ code: 0, msg: 'Not found', data: null })], { type: 'application/json' });
    server.on('GET', '/api/common/image/other', { raw: refusal });
    const err = await privateImageUrl('/api/common/image/other').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).message).toBe('Not found');
  });
});
