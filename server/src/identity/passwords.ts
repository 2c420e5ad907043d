import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isRepeatedOrSequential } from '../../../contract/passwords';
import { authErrors } from './goTrueError';

export const MIN_PASSWORD_LENGTH = 8;
// Longer inputs only cost hashing time; no real passphrase needs more.
const MAX_PASSWORD_LENGTH = 1024;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); Argon2id is the library's default algorithm.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let commonPasswords: Set<string> | null = null;

/** zxcvbn-ts's list of the ~49,000 most common passwords (lower case), read at the first check. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * GoTrue's weak_password checks plus NIST 800-63B's blocklist: at least 8 characters, not only
 * whitespace, not repeated or sequential characters, not a common password, not the e-mail address
 * or its local part. Reasons are GoTrue's.
 */
export function checkPasswordStrength(password: string, email?: string | null): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw authErrors.validation(`Password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) throw authErrors.weakPassword(MIN_PASSWORD_LENGTH);
  if (password.trim() === '') throw authErrors.blankPassword();
  if (isRepeatedOrSequential(password)) throw authErrors.repetitivePassword();
  const lowered = password.trim().toLowerCase();
  const address = email?.trim().toLowerCase() ?? '';
  const localPart = address.split('@')[0] ?? '';
  if (isCommonPassword(password) || (address && (lowered === address || lowered === localPart))) {
    throw authErrors.guessablePassword();
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
