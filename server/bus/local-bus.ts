// The in-process bus of role `all`; payloads take a JSON round trip as over NATS, so nothing can share an object.
import type { Bus } from './bus.ts';
import { subjectMatches } from './bus.ts';

export function localBus(onError: (err: unknown) => void = () => undefined): Bus {
  const subs = new Set<{ pattern: string; handler: (payload: unknown, subject: string) => void }>();
  let closed = false;
  return {
    publish(subject, payload) {
      if (closed) return;
      let text: string | undefined;
      for (const s of [...subs]) {
        if (!subjectMatches(s.pattern, subject)) continue;
        text ??= JSON.stringify(payload);
        try {
          s.handler(JSON.parse(text) as unknown, subject);
        } catch (err) {
          onError(err); // one failing subscriber must not keep the others from their message
        }
      }
    },
    subscribe(pattern, handler) {
      const s = { pattern, handler };
      subs.add(s);
      return () => subs.delete(s);
    },
    async flush() {},
    async close() {
      closed = true;
      subs.clear();
    },
  };
}
