import { eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { serverSecrets } from '../db/schema';
import { randomToken } from '../lib/crypto';

/** Returns the named secret, making and storing it on first use; racing processes agree on one value. */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  make: () => string = () => randomToken(48),
): Promise<string> {
  const existing = await db.query.serverSecrets.findFirst({ where: eq(serverSecrets.name, name) });
  if (existing) return existing.value;
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const stored = await db.query.serverSecrets.findFirst({ where: eq(serverSecrets.name, name) });
  if (!stored) throw new Error(`Secret ${name} could not be stored`);
  return stored.value;
}
