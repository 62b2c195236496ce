// Fetched as a blob with the session in the authorization header, never in a URL (docs/trading.md).
import { beginLoading, endLoading } from '../state/shell/toasts.ts';
import { apiBlob } from './client.ts';

export type StatementKind = 'records' | 'orders';

const PATHS: Readonly<Record<StatementKind, string>> = {
  records: '/v1/api/main/accountLog/export',
  orders: '/v1/api/forex/history_export',
};

export interface StatementRequest {
  kind: StatementKind;
  /** YYYY-MM-DD, UTC days, both included. */
  from: string;
  to: string;
  /** The server refuses any other account's, in case a token switched under the page. */
  uid?: string;
}

/** As the server's content-disposition names it. */
export const statementFileName = (r: StatementRequest): string => `tickwise-${r.kind}-${r.from}_${r.to}.csv`;

export async function fetchStatement(r: StatementRequest): Promise<Blob> {
  beginLoading();
  try {
    return await apiBlob(PATHS[r.kind], { from: r.from, to: r.to, uid: r.uid });
  } finally {
    endLoading();
  }
}
