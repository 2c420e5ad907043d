import { gerundEffect, whichReveals } from './effects';

describe('gerundEffect', () => {
  it('reads an action and the check of its effect', () => {
    expect(gerundEffect('Clicking the Help link opens the help centre')).toEqual([
      'Click the Help link',
      'Verify the help centre is visible',
    ]);
    expect(gerundEffect('Tapping a tag like #news takes you to /tags/news')).toEqual([
      'Tap #news',
      'Verify the URL contains /tags/news',
    ]);
    expect(gerundEffect('Hovering over the avatar shows the profile card')).toEqual([
      'Hover over the avatar',
      'Verify the profile card is visible',
    ]);
  });

  it('leaves other sentences alone', () => {
    expect(gerundEffect('Click the Help link')).toBeNull();
    expect(gerundEffect('The Help link opens the help centre')).toBeNull();
  });
});

describe('whichReveals', () => {
  it('reads the order and the check of what it shows', () => {
    expect(whichReveals('Choose Company, which reveals the VAT number field')).toEqual([
      'Choose Company',
      'Verify the VAT number field is visible',
    ]);
    expect(whichReveals('Choose Company')).toBeNull();
  });
});
