// The multipart parser (busboy, under @fastify/multipart) throws plain errors for a body it cannot read — no
// boundary in the content type, a part header cut short, a form that ends early — which would otherwise be 500s.
// They are the client's malformed request: HTTP 400 with the envelope (docs/api.md).
import { CODE_ERROR } from '../../domain/types.ts';
import { ApiError } from './envelope.ts';

/** Runs a multipart read; an error without an HTTP status of its own becomes a 400 bad_request. */
export async function malformedAs400<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new ApiError('bad_request', CODE_ERROR, {}, 400);
  }
}
