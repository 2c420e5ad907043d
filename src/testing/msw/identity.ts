import { http, HttpResponse } from 'msw';
import { db, newId, type DbUser } from './db';

// GoTrue's wire format as supabase-js 2.109 expects it (docs: /work/shared/notes/platform.md §1).
const IDP = '/idp/auth/v1';
const API_VERSION_HEADER = { 'x-supabase-api-version': '2024-01-01' };

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function identityError(status: number, code: string, msg: string, extra: object = {}) {
  return HttpResponse.json({ code, msg, ...extra }, { status, headers: API_VERSION_HEADER });
}

export function userJson(user: DbUser) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.confirmed ? user.createdAt : null,
    phone: '',
    confirmation_sent_at: user.createdAt,
    confirmed_at: user.confirmed ? user.createdAt : null,
    last_sign_in_at: user.lastSignInAt,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { first_name: user.firstName, last_name: user.lastName },
    identities: [],
    created_at: user.createdAt,
    updated_at: user.createdAt,
    is_anonymous: false,
  };
}

/** Issues a session the way GoTrue does; the access token is an unsigned JWT with GoTrue's claims. */
export function issueSession(user: DbUser) {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = 3600;
  const claims = {
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + expiresIn,
    session_id: newId('session'),
  };
  const accessToken = `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
  const refreshToken = newId('refresh');
  db.tokens.set(accessToken, user.id);
  db.tokens.set(refreshToken, user.id);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export function userFromRequest(request: Request): DbUser | null {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  const userId = db.tokens.get(token);
  return db.users.find(({ id }) => id === userId) ?? null;
}

interface PasswordGrant {
  email?: string;
  password?: string;
  refresh_token?: string;
}

interface SignUpBody {
  email: string;
  password: string;
  data?: { first_name?: string; last_name?: string };
}

interface UpdateUserBody {
  password?: string;
  current_password?: string;
  data?: { first_name?: string; last_name?: string };
}

export const identityHandlers = [
  http.post(`${IDP}/token`, async ({ request }) => {
    const grantType = new URL(request.url).searchParams.get('grant_type');
    const body = (await request.json()) as PasswordGrant;
    if (grantType === 'refresh_token') {
      const userId = db.tokens.get(body.refresh_token ?? '');
      const user = db.users.find(({ id }) => id === userId);
      return user
        ? HttpResponse.json(issueSession(user))
        : identityError(400, 'refresh_token_not_found', 'Invalid Refresh Token');
    }
    const user = db.users.find(({ email }) => email === body.email?.toLowerCase());
    if (!user || user.password !== body.password) {
      return identityError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.confirmed) return identityError(400, 'email_not_confirmed', 'Email not confirmed');
    user.lastSignInAt = new Date().toISOString();
    return HttpResponse.json(issueSession(user));
  }),

  http.post(`${IDP}/signup`, async ({ request }) => {
    const body = (await request.json()) as SignUpBody;
    const email = body.email.toLowerCase();
    if (db.users.some((user) => user.email === email)) {
      return identityError(422, 'user_already_exists', 'User already registered');
    }
    if (body.password.length < 8) {
      return identityError(422, 'weak_password', 'Password should be at least 8 characters.', {
        weak_password: { reasons: ['length'] },
      });
    }
    const user: DbUser = {
      id: newId('user'),
      email,
      password: body.password,
      firstName: body.data?.first_name ?? '',
      lastName: body.data?.last_name ?? '',
      confirmed: db.autoconfirm,
      createdAt: new Date().toISOString(),
      lastSignInAt: null,
    };
    db.users.push(user);
    return HttpResponse.json(db.autoconfirm ? issueSession(user) : userJson(user));
  }),

  http.get(`${IDP}/user`, ({ request }) => {
    const user = userFromRequest(request);
    return user ? HttpResponse.json(userJson(user)) : identityError(401, 'bad_jwt', 'invalid JWT');
  }),

  http.put(`${IDP}/user`, async ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return identityError(401, 'bad_jwt', 'invalid JWT');
    const body = (await request.json()) as UpdateUserBody;
    if (body.password !== undefined) {
      // NOTE: sent without current_password only after a recovery link, which this mock takes on trust.
      if (body.current_password !== undefined && body.current_password !== user.password) {
        return identityError(
          400,
          'current_password_invalid',
          'Current password required when setting new password.',
        );
      }
      if (body.password === user.password) {
        return identityError(422, 'same_password', 'New password should be different from the old password.');
      }
      user.password = body.password;
    }
    if (body.data?.first_name !== undefined) user.firstName = body.data.first_name;
    if (body.data?.last_name !== undefined) user.lastName = body.data.last_name;
    return HttpResponse.json(userJson(user));
  }),

  http.post(`${IDP}/logout`, () => new HttpResponse(null, { status: 204 })),

  http.post(`${IDP}/recover`, () => HttpResponse.json({})),

  http.get(`${IDP}/settings`, () =>
    HttpResponse.json({
      external: Object.fromEntries(
        ['google', 'azure', 'email'].map((p) => [p, p === 'email' || db.oauthProviders.includes(p)]),
      ),
    }),
  ),
];
