import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema/index';

/**
 * The key for hashing one-time codes: APP_SECRET when set, else one made at first start and kept
 * in the database, so several instances on one database agree without configuration.
 */
export async function loadCodeSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'code-hmac', value: crypto.randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'code-hmac'));
  if (!row) throw new Error('Could not create the server secret');
  return row.value;
}
