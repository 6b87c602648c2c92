import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID, the shape of every id in the database. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** A malformed id is simply "not found": the answer never depends on how wrong an id is. */
export function requireId(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}
