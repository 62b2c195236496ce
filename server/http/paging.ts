// The page arithmetic of the list routes: the client asks for page N (1-based, the first when absent) of a fixed
// page size, the repository reads `limit` rows from `offset`.

/** Reads page `page` of `size` rows with `read(limit, offset)`. */
export function readPage<R>(page: number | undefined, size: number, read: (limit: number, offset: number) => Promise<R>): Promise<R> {
  return read(size, ((page ?? 1) - 1) * size);
}

/** Page `page` of `size` rows, each shown with `show`, as the `{ data, total }` the list screens page through. */
export async function pageOf<R, T>(
  page: number | undefined,
  size: number,
  read: (limit: number, offset: number) => Promise<{ rows: R[]; total: number }>,
  show: (row: R) => T,
): Promise<{ data: T[]; total: number }> {
  const { rows, total } = await readPage(page, size, read);
  return { data: rows.map((r) => show(r)), total };
}
