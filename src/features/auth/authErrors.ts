import {
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthWeakPasswordError,
} from '@supabase/supabase-js';
import type { ApiError } from '../../api/apiError';
import { t } from '../../config/locale';

const textByCode: Record<string, string> = {
  invalid_credentials: t.auth.invalidCredentials,
  user_already_exists: t.auth.emailAlreadyExists,
  email_exists: t.auth.emailAlreadyExists,
  weak_password: t.auth.weakPassword,
  current_password_invalid: t.auth.currentPasswordInvalid,
  current_password_required: t.validation.currentPasswordRequired,
  email_not_confirmed: t.auth.emailNotVerified,
  over_request_rate_limit: t.auth.tooManyAttempts,
  over_email_send_rate_limit: t.auth.tooManyAttempts,
};

// Older GoTrue servers send no code, only these messages.
const textByMessage: [RegExp, string][] = [
  [/invalid login credentials/i, t.auth.invalidCredentials],
  [/already (been )?registered|already exists/i, t.auth.emailAlreadyExists],
  [/email not confirmed/i, t.auth.emailNotVerified],
];

/** Turns a supabase-js auth error into the locale text a person should read, falling back to the action's text. */
export function toAuthError(error: unknown, fallback: string): ApiError {
  if (!isAuthError(error)) return { status: 'CUSTOM_ERROR', message: fallback };
  const status = typeof error.status === 'number' ? error.status : 0;
  if (isAuthRetryableFetchError(error) && status === 0) {
    return { status: 'FETCH_ERROR', message: t.auth.networkError };
  }
  if (isAuthWeakPasswordError(error)) {
    return { status, code: 'weak_password', message: t.auth.weakPassword, details: error.reasons };
  }
  const code = error.code;
  const byCode = code ? textByCode[code] : undefined;
  if (byCode) return { status, code, message: byCode };
  if (status === 429) return { status, code, message: t.auth.tooManyAttempts };
  if (isAuthApiError(error)) {
    const byMessage = textByMessage.find(([pattern]) => pattern.test(error.message));
    if (byMessage) return { status, code, message: byMessage[1] };
  }
  if (status >= 500) return { status, code, message: t.http.server };
  return { status: status || 'CUSTOM_ERROR', code, message: fallback };
}
