import {
  backupExportParamsSchema,
  backupListResponseSchema,
  backupResponseSchema,
  backupSettingsResponseSchema,
  backupSettingsSchema,
  deletedResponseSchema,
  idParamSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import {
  createBackup,
  deleteBackup,
  downloadBackup,
  exportData,
  listBackups,
  updateBackupSettings,
} from './service.js';

/**
 * The admin panel's Backup tab (spec §2). Admin only: a backup is every row of the restaurant,
 * staff accounts included, so a manager's `manage_settings` is not enough.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ maxBytes?: number }> = async (app, opts) => {
  const preHandler = requirePermission('full_access');
  const tags = ['Backups'];

  app.get(
    '/api/backups',
    {
      schema: {
        tags,
        summary: "The restaurant's backups, newest first, and the automatic schedule",
        response: { 200: backupListResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await listBackups(app.db, requireRestaurantId(request)),
    }),
  );

  app.post(
    '/api/backups',
    {
      schema: {
        tags,
        summary:
          'Create Backup Now: starts a complete backup (status running, then ready or failed)',
        response: { 202: backupResponseSchema, ...errorResponses(409, 503) },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ success: true as const, data: await createBackup(app, staffActor(request)) }),
  );

  app.put(
    '/api/backups/settings',
    {
      schema: {
        tags,
        summary: 'Automatic backups: on or off, every how many hours, how many kept',
        body: backupSettingsSchema,
        response: { 200: backupSettingsResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await updateBackupSettings(app, staffActor(request), request.body),
    }),
  );

  app.get(
    '/api/backups/:id/download',
    {
      schema: {
        tags,
        summary: 'Download a ready backup (ZIP)',
        params: idParamSchema,
        response: {
          200: { description: 'The backup ZIP', content: fileContent('application/zip') },
          ...errorResponses(404, 409),
        },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await downloadBackup(app, staffActor(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  );

  app.delete(
    '/api/backups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a backup',
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => {
      await deleteBackup(app, staffActor(request), request.params.id);
      return { success: true as const, data: { deleted: true as const } };
    },
  );

  app.get(
    '/api/backups/export/:kind',
    {
      schema: {
        tags,
        summary: 'Export Orders, Users or Analytics as CSV, or All as the complete ZIP',
        params: backupExportParamsSchema,
        response: {
          200: {
            description: 'orders, users, analytics: CSV; all: the backup ZIP',
            content: fileContent('text/csv', 'application/zip'),
          },
          ...errorResponses(404, 413),
        },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await exportData(app, staffActor(request), request.params.kind, opts.maxBytes);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  );
};
