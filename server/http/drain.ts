// A restart's drain (docs/operations.md "Restarts") closes a keep-alive connection only after its last answer. Node's
// close() destroys every connection it sees idle at once; one whose next request has reached its socket but is not
// read yet (a busy event loop) was reset under that request (ECONNRESET at the client). The idle ones are closed two
// turns of the event loop later, once such bytes were read and made the connection busy, and every answer given
// during the drain says `Connection: close`, so each connection ends right after the answer it was carrying.
import type { FastifyInstance } from 'fastify';

export function drainAfterLastAnswer(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  // One turn reaches the check phase before the next poll; the second comes after a poll that read the sockets.
  server.closeIdleConnections = () => {
    setImmediate(() => setImmediate(closeIdle));
  };
}
