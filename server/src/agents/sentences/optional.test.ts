import { optionalSentence } from './optional';
import { planSteps } from '../planner';

describe('optionalSentence', () => {
  it('reads a click on an element that is sometimes there, before or after its condition', () => {
    for (const sentence of [
      'If a cookie banner is shown, click "Accept all"',
      'If the cookie banner appears, then click “Accept all”.',
      'If the consent dialog is visible click "Accept all"',
      'Click "Accept all" if it is shown',
      'Click "Accept all" if the banner is visible',
      'In case a banner pops up, tap "Accept all"',
    ])
      expect([sentence, optionalSentence(sentence)]).toEqual([
        sentence,
        { act: expect.stringMatching(/^(?:click|tap) "Accept all"$/i), words: 'Accept all', click: true },
      ]);
    expect(optionalSentence('If a newsletter pop-up appears, close it with the No thanks button')).toEqual({
      act: 'close it with the No thanks button',
      words: 'No thanks',
      click: true,
    });
  });

  it('reads a condition on another act as one that cannot be optional, and ordinary steps as none', () => {
    expect(optionalSentence('If a dialog is shown, type "yes" into "Name"')).toEqual({
      act: 'type "yes" into "Name"',
      words: '',
      click: false,
    });
    for (const sentence of [
      'Click "Accept all"',
      'Check that the page shows "Welcome"',
      'Verify the banner is shown',
      'Open the latest e-mail to {{inbox}}',
      'When the dialog is shown, click "Save"',
      'Click "Save" when the dialog is shown',
    ])
      expect([sentence, optionalSentence(sentence)]).toEqual([sentence, null]);
  });

  it('is planned as one step, its condition kept', () => {
    expect(planSteps('If a cookie banner is shown, click "Accept all". Then click "Show more"')).toEqual([
      'If a cookie banner is shown, click "Accept all"',
      'Click "Show more"',
    ]);
  });
});
