import type { DbOrTx } from './client.js';

/**
 * A query built once per database and prepared there (drizzle's `.prepare(name)`: a named
 * statement on PostgreSQL), for the hot paths: the server does not build its SQL again on every
 * call (drizzle's query building was about a fifth of the server's CPU per order, see
 * bench/README.md), and PostgreSQL does not parse and plan it again on a connection that has
 * run it. Names must be unique across the server. Given a transaction, the query is prepared for
 * that transaction (a prepared query belongs to the database or transaction it was built on).
 */
export function preparedQuery<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byDb = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
