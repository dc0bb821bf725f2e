import { bindJob, defineModule } from '../../core/module.js';
import { integrationRoutes } from './routes.js';
import {
  DELIVER_DUE_EVERY_SECONDS,
  deliverDue,
  deliverDueJob,
  delivererFor,
  webhookFanout,
} from './webhook-delivery.js';

/**
 * Integrations: the restaurant's API keys (the public API itself is modules/public-api) and its
 * webhooks: a durable consumer turns events into deliveries, sent at once and retried by a job
 * offered every few seconds (docs/decisions/0014-webhooks.md).
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  routes: [integrationRoutes],
  consumers: (ctx) => [webhookFanout(ctx, delivererFor(ctx))],
  jobs: (ctx) => [
    bindJob(deliverDueJob, async () => {
      await deliverDue(ctx);
    }),
  ],
  schedules: () => [{ kind: 'job', job: deliverDueJob, everySeconds: DELIVER_DUE_EVERY_SECONDS }],
});
