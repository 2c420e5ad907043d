import { object, string, type InferType } from 'yup';
import { SLUG_LIMITS, SLUG_PATTERN } from '../../../contract/sharing';
import { messages } from './messages';

export const shareSchema = object({
  slug: string()
    .trim()
    .required(messages.slugRequired)
    .min(SLUG_LIMITS.min, messages.slugInvalid)
    .max(SLUG_LIMITS.max, messages.slugInvalid)
    .matches(new RegExp(SLUG_PATTERN), messages.slugInvalid),
  visibility: string<'public' | 'private'>()
    .oneOf(['public', 'private'], messages.visibilityInvalid)
    .required(),
});

export type ShareValues = InferType<typeof shareSchema>;

/** A link name made from the test's name: 'Pay by card!' → 'pay-by-card'. */
export function suggestSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_LIMITS.max)
    .replace(/^-+|-+$/g, '');
  // Too short to be a link name on its own (a name of symbols or one letter): it gets a tail.
  return slug.length >= SLUG_LIMITS.min ? slug : `${slug ? `${slug}-` : ''}shared-test`;
}
