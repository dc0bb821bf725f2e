import type { FastifyPluginAsync } from 'fastify';
import { defineModule, type ModuleRouteOptions } from '../../core/module.js';
import { backupRoutes } from './routes.js';
import { backupWork } from './service.js';

const routes: FastifyPluginAsync<ModuleRouteOptions> = async (app, { config }) => {
  await app.register(
    backupRoutes,
    config.backupMaxBytes ? { maxBytes: config.backupMaxBytes } : {},
  );
};

/** The Backup tab's routes, the backup job and the tick that starts automatic backups. */
export const backupsModule = defineModule({ name: 'backups', routes: [routes], ...backupWork });
