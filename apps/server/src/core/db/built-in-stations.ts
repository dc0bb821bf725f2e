import { STATION_INFO, STATIONS } from '@tavola/contract';
import type { DbOrTx } from './client.js';
import { stations } from './schema.js';

/**
 * Writes kitchen and bar for a new restaurant (sign-up, the demo seed, the test fixtures); the
 * migration wrote them for the restaurants before it.
 */
export async function writeBuiltInStations(db: DbOrTx, restaurantId: string) {
  await db
    .insert(stations)
    .values(
      STATIONS.map((slug, i) => ({
        restaurantId,
        slug,
        name: STATION_INFO[slug].label,
        kind: slug,
        displayOrder: i,
      })),
    )
    .onConflictDoNothing();
}
