import type { Db } from './client';

/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: a function taking it runs inside its caller's transaction if there is one. */
export type Queryable = Db | Tx;
