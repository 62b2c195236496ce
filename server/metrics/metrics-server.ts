// Metrics on a port of their own, so the public proxy, forwarding only the app's port, never exposes them.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListen {
  port: number;
  host: string;
}

/** Undefined when no port is set; METRICS_HOST defaults to 127.0.0.1. */
export function metricsEnv(env: NodeJS.ProcessEnv): MetricsListen | undefined {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`METRICS_PORT must be a port number (0-65535), got "${raw}"`);
  return { port, host: env.METRICS_HOST || '127.0.0.1' };
}

interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Anything but GET /metrics is 404. */
export async function startMetricsServer(registry: Registry, listen: MetricsListen): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
