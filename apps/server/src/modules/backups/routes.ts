import { backupsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import {
  createBackup,
  deleteBackup,
  downloadBackup,
  exportData,
  listBackups,
  updateBackupSettings,
} from './service.js';

/**
 * The admin panel's Backup tab. Admin only: a backup is every row of the restaurant,
 * staff accounts included, so a manager's `manage_settings` is not enough.
 */
export const backupRoutes: FastifyPluginAsync<{ maxBytes?: number }> = async (app, opts) => {
  defineRoute(app, backupsRoutes.listBackups, async (request) => ({
    success: true as const,
    data: await listBackups(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, backupsRoutes.createBackup, async (request, reply) =>
    reply
      .status(202)
      .send({ success: true as const, data: await createBackup(app, staffActor(request)) }),
  );

  defineRoute(app, backupsRoutes.updateBackupSettings, async (request) => ({
    success: true as const,
    data: await updateBackupSettings(app, staffActor(request), request.body),
  }));

  defineRoute(app, backupsRoutes.downloadBackup, async (request, reply) => {
    const file = await downloadBackup(app, staffActor(request), request.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.content);
  });

  defineRoute(app, backupsRoutes.deleteBackup, async (request) => {
    await deleteBackup(app, staffActor(request), request.params.id);
    return { success: true as const, data: { deleted: true as const } };
  });

  defineRoute(app, backupsRoutes.exportData, async (request, reply) => {
    const file = await exportData(app, staffActor(request), request.params.kind, opts.maxBytes);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.content);
  });
};
