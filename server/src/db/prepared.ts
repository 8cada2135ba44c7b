import type { Db } from './client.ts';

/** A Drizzle query builder, before it is prepared. */
interface Preparable<P> {
  prepare(name: string): P;
}

const shapesByDb = new WeakMap<Db, Map<string, unknown>>();
let sequence = 0;
/** A safety bound: every connection keeps each named statement it has run. */
const SHAPES_MAX = 500;

/**
 * One prepared statement per database handle and query shape (decision 053). Drizzle builds the
 * SQL once instead of on every request; on PostgreSQL the statement is named, so each pooled
 * connection parses it once and afterwards only binds parameters (PostgreSQL then keeps a generic
 * plan when it costs no more than planning each time). `shape` must name everything that changes
 * the SQL text — and only that, never a value, so the number of statements stays bounded.
 */
export function preparedQuery<P>(db: Db, shape: string, build: () => Preparable<P>): P {
  let shapes = shapesByDb.get(db);
  if (!shapes) shapesByDb.set(db, (shapes = new Map()));
  let statement = shapes.get(shape) as P | undefined;
  if (statement === undefined) {
    // Past the bound a query is still built once per call, but not named (planned each time).
    if (shapes.size >= SHAPES_MAX) return build().prepare('');
    statement = build().prepare(`fc_${++sequence}`);
    shapes.set(shape, statement);
  }
  return statement;
}

/**
 * The rows of a prepared statement as the driver returns them — objects keyed by column name,
 * values as parsed by the driver — without Drizzle's per-field mapping: for statements whose
 * columns are already what the caller needs (JSON text, numbers), where the mapping is the
 * larger cost. Name every column (`.as('…')`).
 */
export async function rawRows<T>(statement: unknown, values: Record<string, unknown> = {}): Promise<T[]> {
  return (await (statement as { all(values: Record<string, unknown>): Promise<T[]> }).all(values));
}
