import { hash, verify } from '@node-rs/argon2';
import { authErrors } from './goTrueError';

export const MIN_PASSWORD_LENGTH = 8;
// Longer inputs only cost hashing time; no real passphrase needs more.
const MAX_PASSWORD_LENGTH = 1024;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); Argon2id is the library's default algorithm.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function checkPasswordStrength(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw authErrors.weakPassword(MIN_PASSWORD_LENGTH);
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw authErrors.validation(`Password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash (argon2's own comparison is constant-time). Without a stored
 * hash it still spends one verification, so an unknown e-mail costs as long as a wrong password.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (!stored) {
    dummyHash ??= hashPassword('plainwright-no-such-user');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
