// The password rules the SPA's forms and the identity provider share (issue 27).

/** The longest block whose repetition counts as repeated characters ("abcdabcd"). */
const MAX_REPEATED_BLOCK = 4;

/**
 * Whether a password is a short block repeated ("aaaaaaaa", "abababab", "abcabcabc") or a run of
 * consecutive characters, up or down ("abcdefgh", "98765432"), case aside: guessed in any attacker's
 * first tries whatever its length, and not all of them are on the common-passwords list.
 */
export function isRepeatedOrSequential(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (chars.length < 2) return false;
  for (let size = 1; size <= MAX_REPEATED_BLOCK && size * 2 <= chars.length; size += 1) {
    if (chars.every((char, index) => char === chars[index % size])) return true;
  }
  const steps = chars.slice(1).map((char, index) => char.codePointAt(0)! - chars[index]!.codePointAt(0)!);
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}
