import { setImmediate as nextTurn } from 'node:timers/promises';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipOffThread } from './zip.js';

/** A file of JSON lines as a backup writes them: compressible, under fflate's 160 KB. */
function tableFile(index: number, rows: number): Uint8Array {
  const lines = Array.from({ length: rows }, (_, i) =>
    JSON.stringify({ id: `${index}-${i}`, name: `Row ${i} of table ${index}`, totalCents: i * 7 }),
  );
  return strToU8(`[\n${lines.join(',\n')}\n]\n`);
}

describe('zipOffThread', () => {
  it('writes a ZIP that unzips to the same files, empty and non-ASCII ones included', async () => {
    const files = new Map<string, Uint8Array>([
      ['manifest.json', strToU8('{"format":1}\n')],
      ['tables/empty.json', new Uint8Array(0)],
      ['tables/menu_items.json', tableFile(1, 1_000)],
      ['orders.csv', strToU8('Table,Item\nTerrazza 3,Caffè crème brûlée\n')],
    ]);
    const entries = unzipSync(await zipOffThread(files));
    expect(Object.keys(entries)).toEqual([...files.keys()]);
    for (const [name, data] of files) expect(entries[name]).toEqual(data);
    expect(strFromU8(entries['orders.csv']!)).toContain('Caffè crème brûlée');
  });

  it('compresses (a backup of JSON lines is several times smaller)', async () => {
    const data = tableFile(2, 2_000);
    const archive = await zipOffThread([['tables/orders.json', data]]);
    expect(archive.length * 4).toBeLessThan(data.length);
  });

  it('lets the thread that answers requests take turns while it compresses', async () => {
    // Twenty files under 160 KB each: fflate's own `zip` deflates all of them in one synchronous
    // task, during which no other callback (a request, a socket) runs at all.
    const files: [string, Uint8Array][] = Array.from({ length: 20 }, (_, i) => [
      `tables/t${i}.json`,
      tableFile(i, 1_000),
    ]);
    let turns = 0;
    let zipping = true;
    const ticker = (async () => {
      while (zipping) {
        await nextTurn();
        turns += 1;
      }
    })();
    const archive = await zipOffThread(files);
    zipping = false;
    await ticker;
    expect(Object.keys(unzipSync(archive))).toHaveLength(20);
    // At least one turn per file: each file's compression is awaited, never run inline.
    expect(turns).toBeGreaterThanOrEqual(files.length - 1);
  });
});
