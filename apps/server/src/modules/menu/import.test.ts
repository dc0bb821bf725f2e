import { menuRoutes, type PublicMenuItem } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

const HEADER = 'type,name,group,category,price,available,option_groups,min,max,default';

/**
 * The menu's CSV: the manager checks a file (every mistake by row, nothing written), imports it
 * whole (items and groups added or updated by name, in one go), and exports the same layout, which
 * imports into another restaurant unchanged.
 */
describe.each(BACKENDS)('menu CSV import and export on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let other: string;

  const publicMenu = async (token = 'QR-T1') => {
    const res = await api.call(menuRoutes.getPublicMenu, { query: { token } });
    return new Map<string, PublicMenuItem>(
      Object.values(res.data.menu)
        .flat()
        .map((i) => [i.name, i]),
    );
  };
  const importCsv = (csv: string, dryRun: boolean, as = 'manager1') =>
    api.as(as).send(menuRoutes.importMenu, { body: { csv, dryRun } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    other = (await createOtherRestaurant(t, { name: 'Other' })).tokens.manager!;
  });
  afterAll(async () => t?.close());

  const file = [
    HEADER,
    'group,Sauce,,,,,,1,1,',
    'option,Ketchup,Sauce,,0,,,,,yes',
    'option,Aioli,Sauce,,0.50,,,,,',
    'item,Fries,,food,4.50,yes,Sauce,,,',
    // An item already on the demo's menu: updated, not added twice.
    'item,espresso,,drinks,2.40,yes,,,,',
  ].join('\n');

  it('checks a file on a dry run: what it would add and update, nothing written', async () => {
    const res = await importCsv(file, true);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      dryRun: true,
      items: { created: 1, updated: 1 },
      groups: { created: 1, updated: 0 },
      errors: [],
    });
    expect((await publicMenu()).has('Fries')).toBe(false);
  });

  it('lists every mistake by row on a dry run, and refuses to import the file at all', async () => {
    const bad = [HEADER, 'item,Soup,,food,five,,,,,', 'option,Mayo,Dips,,0,,,,,'].join('\n');
    const check = await importCsv(bad, true);
    expect(check.status).toBe(200);
    expect(check.data.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'price', code: 'MENU_IMPORT_NOT_A_NUMBER' }),
      expect.objectContaining({ row: 2, column: 'price', code: 'MENU_IMPORT_INVALID' }),
      expect.objectContaining({
        row: 3,
        column: 'group',
        code: 'MENU_IMPORT_UNKNOWN_GROUP',
        message: 'There is no option group "Dips" in the file or on the menu',
      }),
    ]);
    const refused = await importCsv(bad, false);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'MENU_IMPORT_HAS_ERRORS' });
    expect((await publicMenu()).has('Soup')).toBe(false);
  });

  it('imports the file whole: new items and groups live on the guest menu, named items updated', async () => {
    const res = await importCsv(file, false);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ dryRun: false, items: { created: 1, updated: 1 } });
    const menu = await publicMenu();
    expect(menu.get('Fries')).toMatchObject({ price: { eur: 4.5 } });
    expect(menu.get('Fries')!.optionGroups).toEqual([
      expect.objectContaining({
        name: 'Sauce',
        min: 1,
        max: 1,
        options: [
          expect.objectContaining({ name: 'Ketchup', default: true }),
          expect.objectContaining({ name: 'Aioli', price: expect.objectContaining({ eur: 0.5 }) }),
        ],
      }),
    ]);
    // Matched case aside, and spelled as the file spells it.
    expect([...menu.keys()].filter((n) => n.toLowerCase() === 'espresso')).toEqual(['espresso']);
    expect(menu.get('espresso')).toMatchObject({ price: { eur: 2.4 } });
    const audited = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, 'menu.imported')));
    expect(audited).toEqual([
      { details: { items: { created: 1, updated: 1 }, groups: { created: 1, updated: 0 } } },
    ]);
  });

  it('imports the same file again as updates only: options matched by name keep their ids', async () => {
    const before = (await publicMenu()).get('Fries')!.optionGroups![0]!.options.map((o) => o.id);
    const res = await importCsv(file, false);
    expect(res.data).toMatchObject({
      items: { created: 0, updated: 2 },
      groups: { created: 0, updated: 1 },
    });
    const after = (await publicMenu()).get('Fries')!.optionGroups![0]!.options.map((o) => o.id);
    expect(after).toEqual(before);
  });

  it('exports the menu in the same layout, which imports into another restaurant unchanged', async () => {
    const exported = await api.as('manager1').call(menuRoutes.exportMenu, {});
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('menu.csv');
    const csv = exported.res.body;
    expect(csv.split('\r\n')).toContain('item,Fries,,food,,4.50,EUR,yes,no,,,,Sauce,,,,,,,,,,');
    const into = await api.as(other).send(menuRoutes.importMenu, { body: { csv, dryRun: false } });
    expect(into.status).toBe(200);
    expect(into.data.errors).toEqual([]);
    const again = await api.as(other).call(menuRoutes.exportMenu, {});
    // The other restaurant's own items come first in no particular way; every row of the first
    // export is in the second.
    const rows = (s: string) => new Set(s.replace(/^\uFEFF/, '').split('\r\n'));
    const second = rows(again.res.body);
    for (const row of rows(csv)) expect(second.has(row), row).toBe(true);
  });

  it('gives the template to fill in, which a dry run finds without a mistake', async () => {
    const res = await api.as('manager1').call(menuRoutes.getMenuImportTemplate, {});
    expect(res.headers['content-type']).toContain('text/csv');
    const check = await importCsv(res.res.body, true);
    expect(check.data.errors).toEqual([]);
    expect(check.data.items.created + check.data.items.updated).toBe(2);
  });

  it('is for those who manage the menu only', async () => {
    const waiter = await importCsv(file, true, 'waiter1');
    expect(waiter.status).toBe(403);
    const anonymous = await api.send(menuRoutes.importMenu, { body: { csv: file, dryRun: true } });
    expect(anonymous.status).toBe(401);
    expect((await api.send(menuRoutes.exportMenu, {})).status).toBe(401);
  });

  it('refuses a body that is not a file with 400', async () => {
    const res = await api.as('manager1').send(menuRoutes.importMenu, { body: { csv: 42 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
