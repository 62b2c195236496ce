// Node's close() resets a connection whose next request arrived but is unread (docs/operations.md "Restarts").
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
