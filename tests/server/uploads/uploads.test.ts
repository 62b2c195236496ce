// Private uploads: real accounts only, images only by their bytes, re-encoded without metadata, too many pixels
// refused as too large, served to their owner and operators only, counted against a daily quota; a rejected upload
// writes nothing.
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import type { LoginResult } from '../../../domain/types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../server/http/http-app.ts';
import { UPLOADS_PER_DAY } from '../../../server/uploads/store.ts';
import { ownedUpload } from '../../../server/uploads/store.ts';
import {
  api,
  countRows,
  manualClock,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock();
let server: TestServer;
let alice: RegisteredUser;
let bob: RegisteredUser;

/** A JPEG photo carrying EXIF with a GPS position and a camera serial, as phones write them. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Secret-Serial-42' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 16/1 0/1' },
    })
    .toBuffer();
}

const png = (w = 8, h = 8) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer();
const blob = (b: Buffer) => new Blob([new Uint8Array(b)]);

async function upload(user: Pick<RegisteredUser, 'client'>, bytes: Buffer, lang = 'en') {
  return user.client.withLang(lang).upload<{ url: string } | null>('/api/common/image_upload', { file: blob(bytes) });
}

/** A real 1-bit black PNG of width × height: a few KB that decode to width × height pixels (a decompression bomb). */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter byte 0 and zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  alice = await registerAndLogin(server, { clock });
  bob = await registerAndLogin(server, { clock });
});
afterAll(() => server.close());

describe('image upload', () => {
  it('re-encodes a photo without its EXIF and GPS, under a random private URL', async () => {
    const original = await photoWithGps();
    expect(original.toString('latin1')).toContain('Secret-Serial-42');
    const res = await upload(alice, original);
    expect(res.code).toBe(1);
    expect(res.data?.url).toMatch(/^\/api\/common\/image\/[A-Za-z0-9_-]{22}$/);
    const file = await fetch(`${server.baseUrl}${res.data?.url}`, { headers: { authorization: alice.token } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await file.arrayBuffer());
    expect(stored.toString('latin1')).not.toContain('Secret-Serial-42');
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('keeps PNG (and GIF) as PNG, shrinks huge images to 2048 px', async () => {
    const res = await upload(alice, await png(3000, 1000));
    const file = await fetch(`${server.baseUrl}${res.data?.url}`, { headers: { authorization: alice.token } });
    expect(file.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);
  });

  it('refuses what only looks like an image, and writes nothing', async () => {
    const before = await countRows(server.ctx, ['uploads']);
    const fakes = [
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), // a PNG signature and nothing else
      (await png()).subarray(0, 40), // truncated
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ];
    for (const bytes of fakes) {
      const res = await upload(alice, bytes);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded');
    }
    expect(await countRows(server.ctx, ['uploads'])).toEqual(before);
  });

  it('refuses a decompression bomb and an over-sized image as too large (not as the wrong type), in the caller language', async () => {
    const before = await countRows(server.ctx, ['uploads']);
    const bomb = blackPng(20_000, 20_000); // 400 megapixels in a few tens of KB
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const photo42 = blackPng(8_000, 5_250); // 42 megapixels
    for (const bytes of [bomb, photo42]) {
      expect(await upload(alice, bytes)).toMatchObject({
        code: 0,
        msg: 'The image is too large (at most 40 megapixels)',
      });
    }
    expect((await upload(alice, bomb, 'hk')).msg).toBe('圖片尺寸過大（最多 40 百萬像素）');
    expect(await countRows(server.ctx, ['uploads'])).toEqual(before);
    // Just under the limit still goes through.
    expect((await upload(alice, blackPng(8_000, 5_000))).code).toBe(1);
  });

  it('refuses uploads from demo users (real accounts only) and stores nothing', async () => {
    const demo = await api(server.baseUrl).get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: 'uploads-demo-0001',
    });
    expect(demo.code).toBe(1);
    const before = await countRows(server.ctx, ['uploads']);
    const res = await upload({ client: api(server.baseUrl).withToken(demo.data.token) }, await png());
    expect(res).toMatchObject({ code: 0, msg: 'Please register or log in to a real account', data: null });
    expect(await countRows(server.ctx, ['uploads'])).toEqual(before);
  });

  it('refuses a file one byte over the limit as too large every time, wherever the stream cuts it', async () => {
    // Regression: @fastify/multipart's toBuffer returned the first 5 MB quietly when the cut fell on the last
    // chunk, so a file just over the limit was sometimes reported as "not an image" instead.
    const before = await countRows(server.ctx, ['uploads']);
    for (const extra of [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]) {
      const bytes = Buffer.alloc(UPLOAD_MAX_BYTES + extra);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const res = await upload(alice, bytes);
      expect([res.code, res.msg]).toEqual([0, 'The image must be at most 5 MB']);
    }
    expect(await countRows(server.ctx, ['uploads'])).toEqual(before);
  });
});

describe('who may see an upload', () => {
  let url = '';
  beforeAll(async () => {
    url = (await upload(alice, await png())).data?.url ?? '';
  });

  it('not without a session, not another user (answered like a missing image), not by a public path', async () => {
    const anon = await api(server.baseUrl).get(url);
    expect(anon.code).toBe(999);
    const other = await bob.client.withLang('en').get(url);
    expect(other.status).toBe(200);
    expect(other.code).toBe(0);
    expect(other.msg).toBe('Not found');
    const missing = await alice.client.withLang('en').get('/api/common/image/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.msg).toBe('Not found');
    expect((await fetch(`${server.baseUrl}/uploads/${url.split('/').pop()}`)).status).toBe(404);
  });

  it('operators with the ops token see any upload', async () => {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { 'x-ops-token': server.opsToken } });
    expect(res.status).toBe(200);
    const wrong = await fetch(`${server.baseUrl}${url}`, {
      headers: { 'x-ops-token': 'wrong-wrong-wrong-wrong-wrong' },
    });
    expect(((await wrong.json()) as { code: number }).code).toBe(999);
  });

  it('ownedUpload tells a form field of this user from someone else’s or a made-up one', async () => {
    expect(await ownedUpload(server.ctx.db, alice.user.id, url)).toMatchObject({ user_id: alice.user.id });
    expect(await ownedUpload(server.ctx.db, alice.user.id, `${server.baseUrl}${url}`)).not.toBeNull();
    expect(await ownedUpload(server.ctx.db, bob.user.id, url)).toBeNull();
    for (const bad of ['', 'x', '/uploads/2026-01/a.png', `${url}/../x`, 42, null]) {
      expect(await ownedUpload(server.ctx.db, alice.user.id, bad)).toBeNull();
    }
  });
});

describe('daily quota', () => {
  it(`allows ${UPLOADS_PER_DAY} uploads a day per user, then refuses until a day has passed`, async () => {
    const carol = await registerAndLogin(server, { clock });
    const small = await png(2, 2);
    for (let i = 0; i < UPLOADS_PER_DAY; i++) expect((await upload(carol, small)).code).toBe(1);
    const refused = await upload(carol, small);
    expect(refused.msg).toBe('Too many uploads today, please try again tomorrow');
    expect((await upload(alice, small)).code).toBe(1); // others are not affected
    clock.advance(86_400_000 + 1);
    expect((await upload(carol, small)).code).toBe(1);
  });
});
