// The labelled delivery series exist from the start at 0 (docs/operations.md "Metrics"): a series born at 1 when a
// process first gives a message up shows no increase(), so TickwiseDeliveryFailures would miss that first failure.
import { expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';

const app = useTestServer({ metrics: { port: 0, host: '127.0.0.1' } });

it('shows every channel and state of tickwise_deliveries_total at 0 before any message', async () => {
  const text = await (await fetch(app.server.metricsUrl ?? '')).text();
  for (const channel of ['email', 'sms']) {
    for (const state of ['queued', 'sent', 'retried', 'failed']) {
      expect(text).toContain(`tickwise_deliveries_total{channel="${channel}",state="${state}"} 0`);
    }
  }
});
