// Uploaded images trust nothing the client says: sniffed, then decoded and re-encoded without metadata.
import type Sharp from 'sharp';
import { ApiError } from '../http/envelope.ts';

export const MAX_INPUT_PIXELS = 40_000_000; // a 40 MP photo decodes; a 50,000 × 50,000 bomb does not
export const MAX_SIDE = 2048;

export interface CleanImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** The client's file name and Content-Type are not trusted. */
export function sniffImage(buf: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

// Its native library loads on the first upload, not at every server start.
const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

const tooLarge = (): ApiError =>
  new ApiError('image_too_large', undefined, { megapixels: Math.floor(MAX_INPUT_PIXELS / 1_000_000) });

/** No decoding, so a bomb is refused as too large before any pixel is read. */
async function headerPixels(sharp: typeof Sharp, buf: Buffer): Promise<number | null> {
  try {
    const { width, height } = await sharp(buf, { limitInputPixels: false, animated: false }).metadata();
    return width !== undefined && height !== undefined ? width * height : null;
  } catch {
    return null;
  }
}

/** Photos become JPEG, drawings and screenshots PNG, so transparency and sharp text survive. */
export async function cleanImage(buf: Buffer): Promise<CleanImage> {
  const kind = sniffImage(buf);
  if (!kind) throw new ApiError('file_type');
  const sharp = await loadSharp();
  const pixels = await headerPixels(sharp, buf);
  if (pixels !== null && pixels > MAX_INPUT_PIXELS) throw tooLarge();
  try {
    const pipeline = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate() // applies the EXIF orientation before the EXIF is dropped
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const png = kind === 'png' || kind === 'gif';
    const { data, info } = await (
      png ? pipeline.png({ compressionLevel: 8 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { data, mime: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch (err) {
    // sharp's own pixel limit (a header the metadata read could not size): still "too large".
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge();
    // Truncated or corrupt: to the trader it is simply not an image we take.
    throw new ApiError('file_type');
  }
}
