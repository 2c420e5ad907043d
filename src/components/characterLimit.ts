import { t } from '../config/locale';

export interface CharacterLimit {
  /** The value (trimmed, as the schemas check it) is longer than the limit. */
  over: boolean;
  /** "12 / 200", or the limit's sentence once over it. */
  helperText: string;
}

/**
 * A name field states its limit instead of cutting a paste short: a counter, then the sentence when
 * over. The schema refuses the same value, so submit stays blocked while over.
 */
export function characterLimit(value: string, max: number): CharacterLimit {
  const length = value.trim().length;
  const over = length > max;
  return {
    over,
    helperText: over ? t.validation.maxLength(max) : t.validation.characterCount(length, max),
  };
}
