import { acceptedLanguages, menuRoutes, pickGuestLocale } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { platformSettingsCache } from '../../platform/settings/index.js';
import { cachesOf } from '../../core/cache/hub.js';
import { guestPresence } from '../dining-sessions/index.js';
import { guestTableCache } from '../tables/index.js';
import { PublicMenuCache } from './public-service.js';

/** The guest's menu, served from a cache every menu change clears. */
export const menuGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const guest = guestAccess(app, config);
  const tableCache = guestTableCache(app);
  const platform = platformSettingsCache(app);
  const menuCache = new PublicMenuCache(app.db, platform, cachesOf(app.bus), tableCache);
  const present = guestPresence(app.db);
  const off = app.bus.subscribe((event) => {
    if (event.type === 'menu_updated') menuCache.invalidate(event.restaurantId);
  });
  // The platform's brand and maintenance mode travel with every restaurant's menu.
  const offPlatform = platform.onChange(() => menuCache.invalidateAll());
  app.addHook('onClose', async () => {
    off();
    offPlatform();
  });

  defineRoute(
    app,
    menuRoutes.getPublicMenu,
    async (request, reply) => {
      // The language the guest chose (`lang`), else their browser's; the originals for neither.
      const { lang } = request.query;
      const locale =
        (lang ? pickGuestLocale([lang]) : null) ??
        pickGuestLocale(acceptedLanguages(request.headers['accept-language']));
      // A cached response stands for its table's lookup too: it is dropped whenever the table or
      // its restaurant changes (an unknown, removed or suspended table is refused by the load).
      const { body, etag, tableId } = await menuCache.body(request.query.token, locale);
      // A guest reading the menu is still at the table (it keeps an open session, opens none).
      await present(tableId);
      // The phone asks again whenever it shows the menu; unchanged, it is told so in a line.
      reply
        .header('etag', etag)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return (
        reply
          .type('application/json; charset=utf-8')
          // JSON written once per table and language, as bytes: sent as it is, never serialised
          // or encoded again.
          .send(body)
      );
    },
    { guest },
  );
};
