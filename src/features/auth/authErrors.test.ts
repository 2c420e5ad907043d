import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { toAuthError } from './authErrors';

const FALLBACK = 'Login failed';

describe('toAuthError', () => {
  it.each([
    ['invalid_credentials', 400, 'Invalid email or password'],
    ['user_already_exists', 422, 'An account with this email already exists'],
    ['email_exists', 422, 'An account with this email already exists'],
    ['email_not_confirmed', 400, 'Please verify your email address before signing in'],
    ['over_request_rate_limit', 429, 'Too many attempts. Please wait a moment and try again'],
    ['over_email_send_rate_limit', 429, 'Too many attempts. Please wait a moment and try again'],
  ])('maps the provider code %s to its locale text', (code, status, text) => {
    expect(toAuthError(new AuthApiError('provider words', status, code), FALLBACK).message).toBe(text);
  });

  it('maps any 429 to the too-many-attempts text even without a code', () => {
    expect(toAuthError(new AuthApiError('Too many requests', 429, undefined), FALLBACK).message).toBe(
      'Too many attempts. Please wait a moment and try again',
    );
  });

  it('maps a weak-password error and keeps its reasons', () => {
    const error = toAuthError(new AuthWeakPasswordError('Weak', 422, ['length']), FALLBACK);
    expect(error.message).toBe('This password is too weak. Please choose a stronger one');
    expect(error.details).toEqual(['length']);
  });

  it('maps an unreachable provider to the network error text', () => {
    expect(toAuthError(new AuthRetryableFetchError('Failed to fetch', 0), FALLBACK).message).toBe(
      'Network error - Please check your connection and try again',
    );
  });

  it('recognises the old message-only invalid credentials answer', () => {
    expect(toAuthError(new AuthApiError('Invalid login credentials', 400, undefined), FALLBACK).message).toBe(
      'Invalid email or password',
    );
  });

  it("falls back to the action's own text for anything else", () => {
    expect(toAuthError(new AuthApiError('Something odd', 400, 'unexpected_failure'), FALLBACK).message).toBe(
      FALLBACK,
    );
    expect(toAuthError(new Error('not an auth error'), 'Registration failed').message).toBe(
      'Registration failed',
    );
  });
});
