import { parseSentence } from '../parse';
import { planSteps } from '../planner';
import { logInCredentials, logInPersona } from './login';

describe('logInCredentials', () => {
  it('finds both credentials however they are written', () => {
    expect(logInCredentials('Log in as ops / s3cret')).toEqual({ username: 'ops', password: 's3cret' });
    expect(logInCredentials('log in w/ admin@corp.io pw admin123')).toEqual({
      username: 'admin@corp.io',
      password: 'admin123',
    });
    expect(logInCredentials('Sign in with member number 555-01 and PIN 9876')).toEqual({
      username: '555-01',
      password: '9876',
    });
    expect(logInCredentials('Log in to the-portal as nurse/N0rse!')).toEqual({
      username: 'nurse',
      password: 'N0rse!',
    });
    expect(logInCredentials('Sign in with username ops and password s3cret')).toEqual({
      username: 'ops',
      password: 's3cret',
    });
    expect(logInCredentials('Sign in with username ⟦0⟧ and password ⟦1⟧')).toEqual({
      username: '⟦0⟧',
      password: '⟦1⟧',
    });
  });

  it('finds none when one is missing: a log-in is never half done', () => {
    expect(logInCredentials('Sign in as the test customer')).toBeNull();
    expect(logInCredentials('Log in as ops')).toBeNull();
    expect(logInCredentials('Log in with the new account')).toBeNull();
    expect(logInCredentials('Enter email a@b.io and password x1, then press Next')).toBeNull();
  });
});

describe('a log-in in a sentence', () => {
  it('fills both fields and submits, then reads what follows a dash as its own step', () => {
    expect(
      planSteps('Sign in as lee@shop.io with password "pa55" — the page title should become Home'),
    ).toEqual([
      'Type "lee@shop.io" into the email or username field',
      'Type "pa55" into the password field',
      'Click the sign in or log in button',
      'The page title should become Home',
    ]);
    expect(parseSentence('Enter nurse@ward.org / N0rse and log in')).toEqual({
      sentence: 'Enter nurse@ward.org / N0rse and log in',
      steps: [{ action: 'login', value: { username: 'nurse@ward.org', password: 'N0rse' } }],
    });
  });

  it('keeps a dash inside a value and reads "should stay" as the state checked', () => {
    expect(planSteps('Select "A - B" from the list')).toEqual(['Select "A - B" from the list']);
    expect(parseSentence('The Next button should stay disabled')).toEqual({
      sentence: 'The Next button should stay disabled',
      steps: [{ action: 'assert_disabled', target: 'Next' }],
    });
  });
});

describe('logInPersona', () => {
  it('reads who signs in when the sentence gives a persona, not credentials', () => {
    expect(logInPersona('Log in as the store manager')).toBe('the store manager');
    expect(logInPersona('sign in with a guest account')).toBe('a guest account');
    expect(logInPersona('Logged in as an auditor')).toBe('an auditor');
    expect(logInPersona('Log in as nurse Mary Smith')).toBe('nurse Mary Smith');
  });

  it('leaves credentials, parameters and other orders alone', () => {
    expect(logInPersona('Log in as ops / s3cret')).toBeNull();
    expect(logInPersona('Log in as {{user}}')).toBeNull();
    expect(logInPersona('Sign up with a new account')).toBeNull();
    expect(logInPersona('Log in')).toBeNull();
  });
});
