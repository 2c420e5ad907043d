import { parseSentence } from '../parse';
import { emailSentence } from './email';

describe('emailSentence', () => {
  it('opens the newest e-mail to the inbox, or to the address named', () => {
    for (const sentence of [
      'Open the latest e-mail to {{inbox}}',
      'Open the newest email sent to {{ inbox }}.',
      'Wait for the confirmation email',
      'Read the welcome mail',
      'Check {{inbox}} for the password reset e-mail',
      'Then open the most recent email message in the inbox',
    ])
      expect([sentence, emailSentence(sentence)]).toEqual([sentence, { op: 'open', to: '{{inbox}}' }]);
    expect(emailSentence('Open the latest e-mail to "ops@inbox.plainwright.test"')).toEqual({
      op: 'open',
      to: 'ops@inbox.plainwright.test',
    });
    expect(emailSentence('Fetch the invoice email for {{buyer}}')).toEqual({ op: 'open', to: '{{buyer}}' });
  });

  it("checks the e-mail's subject and its words", () => {
    expect(emailSentence('Check that the e-mail\'s subject contains "Welcome"')).toEqual({
      op: 'expect',
      field: 'subject',
      value: 'Welcome',
    });
    expect(emailSentence('The subject line of the mail should be “Your order”')).toEqual({
      op: 'expect',
      field: 'subject',
      value: 'Your order',
    });
    expect(emailSentence('Verify the email has the subject "Reset your password"')).toMatchObject({
      field: 'subject',
      value: 'Reset your password',
    });
    expect(emailSentence('Check that the e-mail says "Your code is"', { opened: true })).toEqual({
      op: 'expect',
      field: 'text',
      value: 'Your code is',
    });
    expect(
      emailSentence('Make sure the confirmation email mentions "48 hours"', { opened: true }),
    ).toMatchObject({ field: 'text', value: '48 hours' });
    // Named as the message's body, it is the e-mail's even before one was opened.
    expect(emailSentence("Ensure the mail's body includes 'Thanks for joining'")).toMatchObject({
      field: 'text',
      value: 'Thanks for joining',
    });
  });

  it("leaves a page's Email field to the page until an e-mail is open", () => {
    expect(emailSentence('Check that the email shows "ada@example.com"')).toBeNull();
    expect(emailSentence('Type "ada@example.com" into the Email field')).toBeNull();
    expect(emailSentence('Click the Email tab')).toBeNull();
    // 'Check' alone ticks a box: the Email checkbox of a notification form, not the inbox.
    expect(emailSentence('Check the email')).toBeNull();
    expect(emailSentence('Check for the welcome email')).toEqual({ op: 'open', to: '{{inbox}}' });
    expect(emailSentence('Check that the Email field is empty', { opened: true })).toBeNull();
  });

  it('opens a link of the e-mail by its words', () => {
    expect(emailSentence('Click the "Confirm" link in the e-mail')).toEqual({ op: 'link', text: 'Confirm' });
    expect(emailSentence('Follow the confirmation link from the email')).toEqual({
      op: 'link',
      text: 'confirmation',
    });
    expect(emailSentence('Click the link in the email')).toEqual({ op: 'link', text: '' });
    expect(emailSentence('Tap the "Reset password" button in the reset mail')).toEqual({
      op: 'link',
      text: 'Reset password',
    });
  });

  it("types the e-mail's code into a field", () => {
    expect(emailSentence('Type the code from the e-mail into the "Code" field')).toEqual({
      op: 'code',
      field: 'the "Code" field',
    });
    expect(emailSentence('Enter the verification code from the welcome email in Code')).toEqual({
      op: 'code',
      field: 'Code',
    });
    expect(emailSentence('Fill the OTP field with the one-time code from the mail')).toEqual({
      op: 'code',
      field: 'the OTP field',
    });
  });

  it('is read in the corpus vocabulary by the parse-only entry', () => {
    expect(parseSentence('Click the "Confirm" link in the e-mail')).toEqual({
      sentence: 'Click the "Confirm" link in the e-mail',
      steps: [{ action: 'click', target: 'Confirm', where: 'the e-mail' }],
    });
    expect(parseSentence('Type the code from the e-mail into the "Code" field')).toMatchObject({
      steps: [{ action: 'fill', target: 'Code', value: 'the code from the e-mail' }],
    });
    expect(parseSentence('Check that the e-mail\'s subject contains "Welcome"')).toMatchObject({
      steps: [{ action: 'assert_text', target: "the e-mail's subject", value: 'Welcome' }],
    });
  });
});
