// Pages are 1-based; the first when absent.
import type { Page } from '../db/page.ts';

export function readPage<R>(
  page: number | undefined,
  size: number,
  read: (limit: number, offset: number) => Promise<R>,
): Promise<R> {
  return read(size, ((page ?? 1) - 1) * size);
}

/** As the `{ data, total }` the list screens page through. */
export async function listPage<R, T>(
  page: number | undefined,
  size: number,
  read: (limit: number, offset: number) => Promise<Page<R>>,
  show: (row: R) => T,
): Promise<{ data: T[]; total: number }> {
  const { rows, total } = await readPage(page, size, read);
  return { data: rows.map((r) => show(r)), total };
}
