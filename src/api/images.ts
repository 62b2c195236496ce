// Images of the trader: uploaded with progress, and read back privately. Uploads are served only to their owner's
// session (never by a public URL), so an <img> cannot point at them: they come through axios with the session
// header as a blob, shown through an object URL the caller revokes.
import { httpClient } from './client.ts';

export interface UploadOptions {
  /** 0…1 as the bytes go out. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** POST /api/common/image_upload with progress (axios' onUploadProgress) → the private URL of the stored image. */
export async function uploadImage(file: Blob, opts: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const http = await httpClient();
  const res = await http.post<{ data: { url: string } }>('/api/common/image_upload', form, {
    signal: opts.signal,
    onUploadProgress: (e) => {
      if (e.total) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    },
  });
  opts.onProgress?.(1);
  return res.data.data.url;
}

/** An object URL for a private upload; revoke it with URL.revokeObjectURL when the image leaves the screen. */
export async function privateImageUrl(url: string, signal?: AbortSignal): Promise<string> {
  const http = await httpClient();
  const res = await http.get<Blob>(url, { responseType: 'blob', signal, call: { toast: false } });
  return URL.createObjectURL(res.data);
}
