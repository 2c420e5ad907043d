import { shareSchema, suggestSlug } from './schemas';
import { messages } from './messages';

describe('suggestSlug', () => {
  it.each([
    ['Pay by card!', 'pay-by-card'],
    ['  Crème brûlée — checkout  ', 'creme-brulee-checkout'],
    ['A', 'a-shared-test'],
    ['!!!', 'shared-test'],
    ['x'.repeat(80), 'x'.repeat(64)],
    [`${'a'.repeat(63)} b`, 'a'.repeat(63)],
  ])('makes %j into %j', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
    expect(shareSchema.isValidSync({ slug, visibility: 'public' })).toBe(true);
  });
});

describe('shareSchema', () => {
  it.each(['ab', 'Has-Capitals', 'under_score', '-leading', 'trailing-', 'x'.repeat(65), 'spa ce'])(
    'refuses %j with the link-name sentence',
    async (slug) => {
      await expect(shareSchema.validate({ slug, visibility: 'public' })).rejects.toThrow(
        messages.slugInvalid,
      );
    },
  );

  it('refuses a visibility other than public or private', async () => {
    await expect(shareSchema.validate({ slug: 'checkout', visibility: 'team' })).rejects.toThrow(
      messages.visibilityInvalid,
    );
  });
});
