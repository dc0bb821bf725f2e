import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { ServerContext } from './context.js';
import type { Consumer } from './events/consumers.js';
import type { JobDefinition, JobHandler } from './jobs/runner.js';

/** What a module's route plugins are given. */
export interface ModuleRouteOptions {
  config: Config;
  ctx: ServerContext;
}

// Route plugins declare the options they read (most none, some the config): all fit these.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ModuleRoutes = FastifyPluginAsync<ModuleRouteOptions> | FastifyPluginAsync<any>;

/** A job's handler, bound to its definition so the data's type is checked once, here. */
export interface JobBinding {
  readonly job: JobDefinition<object>;
  readonly handle: JobHandler<object>;
}

export function bindJob<T extends object>(
  job: JobDefinition<T>,
  handle: JobHandler<T>,
): JobBinding {
  return { job, handle: handle as JobHandler<object> };
}

/**
 * Recurring work. `job`: the job is offered every `everySeconds` on every instance and one offer
 * per slot runs (across instances; its handler is among the module's jobs). `timer`: runs on
 * every instance every `everyMs` (0: never), never overlapping itself; stopping waits for a run
 * under way.
 */
export type Schedule =
  | {
      kind: 'job';
      job: JobDefinition<Record<string, never>>;
      everySeconds: number;
      /** Offered only when this cheap read says there may be work (see `EveryOptions`). */
      when?: () => Promise<boolean>;
    }
  | { kind: 'timer'; name: string; everyMs: number; run: () => Promise<void> };

/**
 * One module as the server registers it (modules/index.ts lists them all): its HTTP routes, and
 * the background work a separate worker process could run as well: job handlers, schedules and
 * durable consumers of `events`, each built from the server context.
 */
export interface ServerModule {
  readonly name: string;
  /** Route plugins, registered in this order, each with the config and the context. */
  readonly routes?: readonly ModuleRoutes[];
  readonly jobs?: (ctx: ServerContext) => readonly JobBinding[];
  readonly schedules?: (ctx: ServerContext) => readonly Schedule[];
  // A consumer of any event types: each checks its own events' shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly consumers?: (ctx: ServerContext) => readonly Consumer<any>[];
}

export function defineModule(module: ServerModule): ServerModule {
  return module;
}

/** Registers every module's jobs, schedules and consumers on the context's runners. */
export function registerModuleWork(ctx: ServerContext, modules: readonly ServerModule[]): Timers {
  const timers = new Timers(ctx);
  for (const module of modules) {
    for (const { job, handle } of module.jobs?.(ctx) ?? []) ctx.jobs.register(job, handle);
    for (const schedule of module.schedules?.(ctx) ?? []) {
      if (schedule.kind === 'job') {
        ctx.jobs.every(
          schedule.job,
          schedule.everySeconds,
          schedule.when ? { when: schedule.when } : {},
        );
      } else timers.add(schedule);
    }
    for (const consumer of module.consumers?.(ctx) ?? []) ctx.consumers.register(consumer);
  }
  return timers;
}

/**
 * Registers the modules in the HTTP app: their work (the timers start when the app is ready and
 * stop, waiting for a run under way, when it begins to close), then their routes in order.
 */
export async function registerModules(
  app: FastifyInstance,
  ctx: ServerContext,
  modules: readonly ServerModule[],
): Promise<void> {
  const timers = registerModuleWork(ctx, modules);
  app.addHook('onReady', async () => timers.start());
  app.addHook('preClose', async () => timers.stop());
  const options: ModuleRouteOptions = { config: ctx.config, ctx };
  for (const module of modules) {
    for (const routes of module.routes ?? []) await app.register(routes, options);
  }
}

/** The per-instance timers of `timer` schedules. */
export class Timers {
  private readonly schedules: Extract<Schedule, { kind: 'timer' }>[] = [];
  private readonly handles: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly ctx: Pick<ServerContext, 'log'>) {}

  add(schedule: Extract<Schedule, { kind: 'timer' }>): void {
    if (schedule.everyMs > 0) this.schedules.push(schedule);
  }

  start(): void {
    for (const schedule of this.schedules) {
      // The timer does not keep the process alive.
      this.handles.push(setInterval(() => this.tick(schedule), schedule.everyMs).unref());
    }
  }

  async stop(): Promise<void> {
    for (const handle of this.handles.splice(0)) clearInterval(handle);
    await Promise.all(this.running.values());
  }

  private tick(schedule: Extract<Schedule, { kind: 'timer' }>): void {
    if (this.running.has(schedule.name)) return;
    const run = schedule
      .run()
      .catch((err: unknown) => this.ctx.log.warn({ err }, `${schedule.name} failed`))
      .finally(() => this.running.delete(schedule.name));
    this.running.set(schedule.name, run);
  }
}
