import { bindJob, defineModule } from '../../core/module.js';
import {
  anyDue,
  PRINT_DUE_EVERY_SECONDS,
  PROBE_EVERY_SECONDS,
  printDue,
  printDueJob,
  printQueueFor,
  probePrinters,
  probePrintersJob,
  ticketPrinting,
} from './queue.js';
import { printerRoutes } from './routes.js';

/**
 * Printers: the restaurant's network printers, each station's printer and backup, and print
 * jobs — a durable consumer turns new tickets into jobs, printed at once and retried (then moved
 * to the backup) by a job offered every few seconds; printers are asked for their status every
 * half minute (docs/decisions/0016-printers.md).
 */
export const printersModule = defineModule({
  name: 'printers',
  routes: [printerRoutes],
  consumers: (ctx) => [ticketPrinting(ctx, printQueueFor(ctx))],
  jobs: (ctx) => [
    bindJob(printDueJob, async () => {
      await printDue(ctx, printQueueFor(ctx).send);
    }),
    bindJob(probePrintersJob, () => probePrinters(ctx, printQueueFor(ctx).send)),
  ],
  schedules: (ctx) => [
    {
      kind: 'job',
      job: printDueJob,
      everySeconds: PRINT_DUE_EVERY_SECONDS,
      when: () => anyDue(ctx),
    },
    { kind: 'job', job: probePrintersJob, everySeconds: PROBE_EVERY_SECONDS },
  ],
});
