/** An error in GoTrue's wire format: `{code, msg}` plus any extra fields (e.g. weak_password). */
export class GoTrueError extends Error {
  override name = 'GoTrueError';
  /** Seconds for a Retry-After header (429s). */
  retryAfter: number | null = null;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

// The codes and texts supabase-js and GoTrue's own clients know (supabase/auth internal/api/errorcodes.go).
export const authErrors = {
  invalidCredentials: () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed'),
  userAlreadyExists: () => new GoTrueError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (minLength: number) =>
    new GoTrueError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  blankPassword: () =>
    new GoTrueError(422, 'weak_password', 'Password should contain characters other than spaces.', {
      weak_password: { reasons: ['characters'] },
    }),
  repetitivePassword: () =>
    new GoTrueError(
      422,
      'weak_password',
      'Password should not be one character repeated or a run of consecutive characters (like "aaaaaaaa" or "abcdefgh").',
      { weak_password: { reasons: ['characters'] } },
    ),
  // GoTrue's text and reason for a password found in a breach list; an e-mail address is as guessable.
  guessablePassword: () =>
    new GoTrueError(
      422,
      'weak_password',
      'Password is known to be weak and easy to guess, please choose a different one.',
      { weak_password: { reasons: ['pwned'] } },
    ),
  currentPasswordRequired: () =>
    new GoTrueError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordInvalid: () =>
    new GoTrueError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  samePassword: () =>
    new GoTrueError(422, 'same_password', 'New password should be different from the old password.'),
  validation: (message: string) => new GoTrueError(400, 'validation_failed', message),
  invalidEmail: () =>
    new GoTrueError(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  refreshTokenNotFound: () =>
    new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionNotFound: () =>
    new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new GoTrueError(404, 'user_not_found', 'User from sub claim in JWT does not exist'),
  noAuthorization: () => new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  signedInCallerRequired: () =>
    new GoTrueError(401, 'no_authorization', "This call requires a signed-in user's access token"),
  badJwt: (reason: string) =>
    new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  tooManySignIns: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const error = new GoTrueError(
      429,
      'over_request_rate_limit',
      `Too many sign-in attempts. For your security, please try again later (in about ${minutes} minute${minutes === 1 ? '' : 's'}).`,
    );
    error.retryAfter = retryAfterSeconds;
    return error;
  },
  // Guesses at one account from many addresses: the owner can still get in by a recovery link.
  tooManySignInsToAccount: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const error = new GoTrueError(
      429,
      'over_request_rate_limit',
      `Too many failed sign-ins to this account from different places. For your security, password sign-in is paused for about ${minutes} minute${minutes === 1 ? '' : 's'}; "Forgot password" still works.`,
    );
    error.retryAfter = retryAfterSeconds;
    return error;
  },
  tooManyRequests: () =>
    new GoTrueError(429, 'over_request_rate_limit', 'Too many requests. Please try again later.'),
  providerDisabled: () =>
    new GoTrueError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled'),
  unknownProvider: (provider: string) =>
    new GoTrueError(
      400,
      'validation_failed',
      `Unsupported provider: Provider ${provider} could not be found`,
    ),
  providerUnavailable: (provider: string) =>
    new GoTrueError(
      502,
      'unexpected_failure',
      `The ${provider} sign-in service could not be reached. Please try again later.`,
    ),
  otpExpired: () => new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired'),
  flowStateNotFound: () =>
    new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  badCodeVerifier: () =>
    new GoTrueError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  badOAuthState: () =>
    new GoTrueError(
      400,
      'bad_oauth_state',
      'OAuth state is missing or has expired. Start the sign-in again.',
    ),
  unsupportedGrant: () =>
    new GoTrueError(
      400,
      'unsupported_grant_type',
      'Unsupported grant type: use password, refresh_token or pkce',
    ),
  emailChangeUnsupported: () =>
    new GoTrueError(
      422,
      'email_change_not_supported',
      'Changing the e-mail address is not supported by this server yet.',
    ),
  badJson: () => new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON'),
  notFound: (path: string) => new GoTrueError(404, 'not_found', `No such endpoint: ${path}`),
  unexpected: () =>
    new GoTrueError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    ),
};
