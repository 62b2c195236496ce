// The page arithmetic of the list routes: the client asks for page N (1-based, the first when absent) of a fixed
// page size, the repository reads `limit` rows from `offset` (server/db/page.ts).
import type { Page } from '../db/page.ts';

/** Reads page `page` of `size` rows with `read(limit, offset)`. */
export function readPage<R>(
  page: number | undefined,
  size: number,
  read: (limit: number, offset: number) => Promise<R>,
): Promise<R> {
  return read(size, ((page ?? 1) - 1) * size);
}

/** Page `page` of `size` rows, each shown with `show`, as the `{ data, total }` the list screens page through. */
export async function listPage<R, T>(
  page: number | undefined,
  size: number,
  read: (limit: number, offset: number) => Promise<Page<R>>,
  show: (row: R) => T,
): Promise<{ data: T[]; total: number }> {
  const { rows, total } = await readPage(page, size, read);
  return { data: rows.map((r) => show(r)), total };
}
