// busboy throws plain errors for a body it cannot read; they are the client's fault, not 500s (docs/api.md).
import { CODE_ERROR } from '../../domain/types.ts';
import { ApiError } from './envelope.ts';

export async function malformedAs400<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new ApiError('bad_request', CODE_ERROR, {}, 400);
  }
}
