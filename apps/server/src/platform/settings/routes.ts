import { platformRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { teamMember } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { describeDeployment } from './deployment.js';
import { updatePlatformSettings } from './service.js';
import { platformBrand, platformSettingsCache, platformSettingsView } from './store.js';
import { createTeamMember, deactivateTeamMember, listTeamMembers } from './team-accounts.js';

/** Seconds a browser or proxy may keep the public brand and maintenance state. */
const PUBLIC_MAX_AGE = 15;

/**
 * The team's Settings tab: the platform's settings, what the deployment has, and the team's
 * accounts, all behind `manage_platform`; and the public brand and maintenance state every page
 * reads (the landing and login pages, staff banners).
 */
export const platformSettingsRoutes: FastifyPluginAsync = async (app) => {
  const cache = platformSettingsCache(app);

  defineRoute(app, routes.getPublicPlatform, async (_request, reply) => {
    const settings = await cache.get().catch(() => {
      throw refuse('DATABASE_UNAVAILABLE');
    });
    reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`);
    return {
      success: true as const,
      data: { brand: platformBrand(settings), maintenanceMode: settings.maintenanceMode },
    };
  });

  defineRoute(app, routes.getPlatformSettings, async () => ({
    success: true as const,
    data: await platformSettingsView(app.db),
  }));

  defineRoute(app, routes.updatePlatformSettings, async (request) => ({
    success: true as const,
    data: await updatePlatformSettings(app, teamMember(request), request.body),
  }));

  defineRoute(app, routes.getDeployment, async () => ({
    success: true as const,
    data: await describeDeployment(app),
  }));

  defineRoute(app, routes.listTeamMembers, async () => ({
    success: true as const,
    data: await listTeamMembers(app.db),
  }));

  defineRoute(app, routes.createTeamMember, async (request, reply) => {
    const created = await createTeamMember(app, teamMember(request), request.body);
    return reply.status(201).send({ success: true as const, data: created });
  });

  defineRoute(app, routes.deactivateTeamMember, async (request) => ({
    success: true as const,
    data: await deactivateTeamMember(app, teamMember(request), request.params.id),
  }));
};
