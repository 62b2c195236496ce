// The bus over NATS; a broker restart loses those seconds' messages, which clients' seq resync and reconcile recover.
import type { NatsConnection } from 'nats';
import type { Bus } from './bus.ts';

export interface NatsBusOptions {
  url: string;
  /** Shown by the broker's monitoring. */
  name: string;
  onError?: (err: unknown) => void;
}

export async function natsBus(opts: NatsBusOptions): Promise<Bus> {
  const { connect, JSONCodec } = await import('nats'); // loaded by the processes of a cluster only
  const nc: NatsConnection = await connect({
    servers: opts.url.split(',').map((u) => u.trim()), // several nodes of a NATS cluster: any live one
    name: opts.name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  const codec = JSONCodec();
  const onError = opts.onError ?? ((): void => undefined);
  let closing: Promise<void> | undefined;
  return {
    publish(subject, payload) {
      if (nc.isClosed() || nc.isDraining()) return;
      nc.publish(subject, codec.encode(payload));
    },
    subscribe(subject, handler) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return onError(err);
          try {
            handler(codec.decode(msg.data), msg.subject);
          } catch (e) {
            onError(e); // a bad message or a failing handler must not end the subscription
          }
        },
      });
      return () => {
        if (!nc.isClosed()) sub.unsubscribe();
      };
    },
    flush: () => nc.flush(),
    close() {
      closing ??= nc.isClosed() ? Promise.resolve() : nc.drain().catch(onError);
      return closing;
    },
  };
}
