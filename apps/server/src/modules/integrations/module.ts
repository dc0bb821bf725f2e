import { bindJob, defineModule } from '../../core/module.js';
import { integrationRoutes } from './routes.js';
import {
  anyDeliveryDue,
  DELIVER_DUE_EVERY_SECONDS,
  deliverDueJob,
  delivererFor,
  PRUNE_DELIVERIES_EVERY_SECONDS,
  pruneDeliveries,
  pruneDeliveriesJob,
  webhookFanout,
} from './webhook-delivery.js';

/**
 * Integrations: the restaurant's API keys (the public API itself is modules/public-api) and its
 * webhooks: a durable consumer turns events into deliveries, sent at once and retried by a job
 * offered every few seconds; finished deliveries leave the log after a month
 * (docs/decisions/0014-webhooks.md).
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  routes: [integrationRoutes],
  consumers: (ctx) => [webhookFanout(ctx, delivererFor(ctx))],
  jobs: (ctx) => [
    // The same deliverer as the fan-out's: one run at a time on an instance, one limit on what
    // is in flight.
    bindJob(deliverDueJob, async () => {
      const deliverer = delivererFor(ctx);
      deliverer.kick();
      await deliverer.idle();
    }),
    bindJob(pruneDeliveriesJob, async () => {
      const deleted = await pruneDeliveries(ctx);
      if (deleted > 0) ctx.log.info({ deleted }, 'webhook deliveries pruned');
    }),
  ],
  schedules: (ctx) => [
    {
      kind: 'job',
      job: deliverDueJob,
      everySeconds: DELIVER_DUE_EVERY_SECONDS,
      when: () => anyDeliveryDue(ctx),
    },
    { kind: 'job', job: pruneDeliveriesJob, everySeconds: PRUNE_DELIVERIES_EVERY_SECONDS },
  ],
});
