// Uploads are served only to their owner's session, so they come as a blob with the session header, not by URL.
import { apiBlob, apiRequest } from './client.ts';

/** `onProgress` gets 0…1 as the bytes go out. */
export async function uploadImage(
  file: Blob,
  opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const upload = { method: 'post', url: '/api/common/image_upload', data: form, signal: opts.signal } as const;
  const { data } = await apiRequest<{ url: string }>(upload, {}, opts.onProgress ?? (() => undefined));
  opts.onProgress?.(1);
  return data.url;
}

/** Revoke it with URL.revokeObjectURL when the image leaves the screen. */
export async function privateImageUrl(url: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await apiBlob(url, undefined, { toast: false }, signal));
}
