// Images of the trader: uploaded with progress, and read back privately. Uploads are served only to their owner's
// session (never by a public URL), so an <img> cannot point at them: they come with the session header as a blob,
// shown through an object URL the caller revokes.
import { apiBlob, apiUpload } from './client.ts';

export interface UploadOptions {
  /** 0…1 as the bytes go out. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** POST /api/common/image_upload with progress → the private URL of the stored image. */
export async function uploadImage(file: Blob, opts: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await apiUpload<{ url: string }>('/api/common/image_upload', form, opts.onProgress, opts.signal);
  opts.onProgress?.(1);
  return url;
}

/** An object URL for a private upload; revoke it with URL.revokeObjectURL when the image leaves the screen. */
export async function privateImageUrl(url: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await apiBlob(url, undefined, { toast: false }, signal));
}
