import { desc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { type Db } from '../db/client';
import { idpSigningKeys } from '../db/schema';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** The active ES256 key, made at first start and kept in the database so every process signs alike. */
export async function loadOrCreateSigningKey(db: Db): Promise<SigningKey> {
  let row = await db.query.idpSigningKeys.findFirst({
    where: eq(idpSigningKeys.active, true),
    orderBy: desc(idpSigningKeys.createdAt),
  });
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    await db.insert(idpSigningKeys).values({ kid, alg: SIGNING_ALG, privateJwk, publicJwk });
    // Another process may have made its key at the same moment: everyone uses the newest.
    row = await db.query.idpSigningKeys.findFirst({
      where: eq(idpSigningKeys.active, true),
      orderBy: desc(idpSigningKeys.createdAt),
    });
    if (!row) throw new Error('Signing key could not be stored');
  }
  const privateKey = (await importJWK(row.privateJwk as JWK, SIGNING_ALG)) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.publicJwk as JWK };
}

/** Every public key still valid for verification (active or recently rotated out). */
export async function listPublicJwks(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db
    .select({ publicJwk: idpSigningKeys.publicJwk })
    .from(idpSigningKeys)
    .orderBy(desc(idpSigningKeys.createdAt));
  return { keys: rows.map((row) => row.publicJwk as JWK) };
}
