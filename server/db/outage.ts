// What node-postgres throws when PostgreSQL cannot be reached, apart from a query it refused; kept apart from
// postgres.ts so the error path does not load `pg` in a PGlite server.
/** Connection exception, and the server shutting down, crashed or still starting (SQLSTATE class 08, 57P01–57P03). */
const OUTAGE_STATES = /^(08...|57P0[123])$/;
const OUTAGE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres throws, without a code, when a connection drops or none can be made in time. */
const OUTAGE_TEXT =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The database cannot be reached, as against a query that failed: the request may succeed when tried again. */
export function isDatabaseOutage(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (OUTAGE_STATES.test(code) || OUTAGE_SOCKET.has(code))) return true;
    if (OUTAGE_TEXT.test(e.message)) return true;
  }
  return false;
}
