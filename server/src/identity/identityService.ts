import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Config } from '../config';
import { type Db, type Executor } from '../db/client';
import { idpIdentities, idpOneTimeTokens, idpRefreshTokens, idpSessions, idpUsers } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { isEmail } from '../lib/validate';
import { type MailService } from '../services/mail';
import { getOrCreateSecret } from '../services/serverSecrets';
import { AccessTokens } from './accessTokens';
import { authErrors, GoTrueError } from './goTrueError';
import { OAuthProviders, PROVIDERS, type ProviderName, type ProviderProfile } from './oauthProviders';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';
import { SignInLimiter } from './signInLimiter';
import {
  type AmrEntry,
  type IdentityRow,
  sessionFragment,
  type SessionJson,
  userJson,
  type UserJson,
  type UserRow,
} from './wire';

type LinkKind = 'signup' | 'recovery';
type OneTimeKind = LinkKind | 'pkce' | 'oauth_state';

interface PkceChallenge {
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
}

interface LinkData extends Partial<PkceChallenge> {
  redirectTo: string;
}

interface AuthCodeData extends PkceChallenge {
  method: AmrEntry['method'];
}

interface OAuthStateData extends Partial<PkceChallenge> {
  provider: ProviderName;
  redirectTo: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityServiceOptions {
  config: Config;
  db: Db;
  mail: MailService;
  /** Where failures that become a redirect (and so never reach the error handler) are reported. */
  onRedirectError?: (error: unknown, context: string) => void;
  /** Told when sessions of a person end (sign-out, password change, refresh-token reuse). */
  onSessionsEnded?: (userId: string) => void;
}

const LINK_TTL_MS: Record<OneTimeKind, number> = {
  signup: 24 * 60 * 60 * 1000,
  recovery: 60 * 60 * 1000,
  pkce: 5 * 60 * 1000,
  oauth_state: 10 * 60 * 1000,
};
// One e-mail of a kind per person per minute, like GoTrue's SMTP_MAX_FREQUENCY.
const MAIL_INTERVAL_MS = 60 * 1000;
// At most one "someone tried to sign up with your address" e-mail an hour: it must not become a way to spam.
const SIGN_UP_NOTICE_INTERVAL_MS = 60 * 60 * 1000;
// GoTrue's default REFRESH_TOKEN_REUSE_INTERVAL: two tabs refreshing at once both get a session.
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10 * 1000;
// Sessions opened by an e-mailed link (recovery, confirmation) may set a password without the old one, as in GoTrue.
const LINK_METHODS = ['otp', 'recovery', 'magiclink'];
const MAX_METADATA_BYTES = 16 * 1024;
// Roles grant privileges in the API (plugins/auth.ts), so a person must not be able to give them to themselves.
const PROTECTED_METADATA_KEYS = ['roles'];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
// The server secret that keys the ids an e-mail address gets at sign-up (see _signUpIds).
const SIGN_UP_ID_SECRET = 'idp_sign_up_ids';

interface SignUpIds {
  userId: string;
  identityId: string;
}

/** The embedded GoTrue-compatible identity provider: people, sessions, links and OAuth sign-in. */
export class IdentityService {
  private readonly _config: Config;
  private readonly _db: Db;
  private readonly _mail: MailService;
  private readonly _tokens: AccessTokens;
  private readonly _limiter: SignInLimiter;
  private readonly _providers: OAuthProviders;
  private readonly _onRedirectError: (error: unknown, context: string) => void;
  private readonly _onSessionsEnded: (userId: string) => void;
  private _signUpIdKey: string | null = null;

  constructor(options: IdentityServiceOptions) {
    this._config = options.config;
    this._db = options.db;
    this._mail = options.mail;
    this._tokens = new AccessTokens(options.config, options.db);
    this._limiter = new SignInLimiter(options.db, options.config.signInRateLimit);
    this._providers = new OAuthProviders(options.config);
    this._onRedirectError = options.onRedirectError ?? (() => undefined);
    this._onSessionsEnded = options.onSessionsEnded ?? (() => undefined);
  }

  get callbackUrl(): string {
    return `${this._config.publicUrl}/idp/auth/v1/callback`;
  }

  // ── Sign-up and sign-in ───────────────────────────────────────────────────────────────────────

  /**
   * A session when sign-ups confirm themselves (AUTH_AUTOCONFIRM), else the unconfirmed user and a
   * confirmation e-mail. An address that has an account, confirmed or not, is never changed by a sign-up:
   * otherwise whoever signs up second sets the password the owner's confirmation link then confirms.
   * With confirmation on it answers as a new one would (GoTrue's obfuscated user) and its owner gets an
   * e-mail (a fresh confirmation link, or a notice once confirmed): the answer must not tell who has an account.
   */
  async signUp(input: {
    email: unknown;
    password: unknown;
    data: unknown;
    redirectTo: unknown;
    codeChallenge: unknown;
    codeChallengeMethod: unknown;
  }): Promise<SessionJson | UserJson> {
    const email = this._email(input.email, 'To signup, please provide your email');
    if (typeof input.password !== 'string' || input.password.length === 0) {
      throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
    }
    checkPasswordStrength(input.password, email);
    const metadata = mergeMetadata({}, input.data);
    const pkce = this._pkce(input.codeChallenge, input.codeChallengeMethod);
    const redirectTo = this._redirect(input.redirectTo);
    const encryptedPassword = await hashPassword(input.password);
    const confirmedAt = this._config.authAutoconfirm ? new Date() : null;
    const ids = await this._signUpIds(email);

    const outcome = await this._db.transaction(async (tx) => {
      const existing = await tx.query.idpUsers.findFirst({ where: eq(idpUsers.email, email) });
      if (existing) return { taken: existing };
      const [created] = await tx
        .insert(idpUsers)
        .values({
          id: ids.userId,
          email,
          encryptedPassword,
          emailConfirmedAt: confirmedAt,
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: metadata,
        })
        .onConflictDoNothing()
        .returning();
      // Someone else signed up with this address a moment ago.
      if (!created) return { taken: await tx.query.idpUsers.findFirst({ where: eq(idpUsers.email, email) }) };
      await tx.insert(idpIdentities).values({
        id: ids.identityId,
        userId: created.id,
        provider: 'email',
        providerId: created.id,
        identityData: { sub: created.id, email },
      });
      return { user: created };
    });
    if ('taken' in outcome) {
      if (this._config.authAutoconfirm) throw authErrors.userAlreadyExists();
      if (outcome.taken) await this._tellOwnerOfSignUp(outcome.taken, redirectTo);
      return pendingUserJson(ids, email, metadata);
    }
    const user = outcome.user;
    if (user.emailConfirmedAt) return this._startSession(user, 'password');
    await this._sendLink(user, 'signup', redirectTo, pkce);
    return pendingUserJson(ids, email, metadata);
  }

  async signInWithPassword(input: { email: unknown; password: unknown; ip: string }): Promise<SessionJson> {
    if (typeof input.email !== 'string' || input.email.trim() === '') {
      throw authErrors.validation('missing email or phone');
    }
    const email = input.email.trim().toLowerCase();
    const password = typeof input.password === 'string' ? input.password : '';
    await this._refuseIfBlocked(email, input.ip);
    const user = await this._findUserByEmail(email);
    // NOTE: an unknown e-mail spends a hash verification too and gets the same answer as a wrong password.
    const valid = await verifyPassword(user?.encryptedPassword ?? null, password);
    if (!user || !valid) {
      await this._limiter.recordFailure(email, input.ip);
      throw authErrors.invalidCredentials();
    }
    if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
    await this._limiter.recordSuccess(email, input.ip);
    return this._startSession(user, 'password');
  }

  /**
   * Rotates a refresh token. A token rotated within the reuse interval (two tabs refreshing at once)
   * gets a session too; one rotated before that is a sign that it leaked (or a client misbehaves):
   * the whole session ends, GoTrue's reuse detection.
   */
  async refresh(refreshToken: unknown): Promise<SessionJson> {
    if (typeof refreshToken !== 'string' || refreshToken.length === 0) {
      throw authErrors.validation('refresh_token required');
    }
    const tokenHash = sha256(refreshToken);
    const outcome = await this._db.transaction(async (tx) => {
      const now = new Date();
      let [current] = await tx
        .update(idpRefreshTokens)
        .set({ revoked: true, revokedAt: now })
        .where(and(eq(idpRefreshTokens.tokenHash, tokenHash), eq(idpRefreshTokens.revoked, false)))
        .returning();
      if (!current) {
        const known = await tx.query.idpRefreshTokens.findFirst({
          where: eq(idpRefreshTokens.tokenHash, tokenHash),
        });
        if (!known) return { error: authErrors.refreshTokenNotFound() };
        const rotatedRecently =
          known.revokedAt !== null &&
          now.getTime() - known.revokedAt.getTime() < REFRESH_TOKEN_REUSE_INTERVAL_MS;
        if (!rotatedRecently) {
          await this._revokeSession(tx, known.sessionId);
          return { error: authErrors.refreshTokenAlreadyUsed(), endedFor: known.userId };
        }
        current = known;
      }
      const session = await tx.query.idpSessions.findFirst({ where: eq(idpSessions.id, current.sessionId) });
      const user = await tx.query.idpUsers.findFirst({ where: eq(idpUsers.id, current.userId) });
      if (!session || session.revokedAt || !user) return { error: authErrors.refreshTokenNotFound() };
      const next = randomToken(32);
      await tx
        .insert(idpRefreshTokens)
        .values({ tokenHash: sha256(next), sessionId: session.id, userId: user.id });
      await tx.update(idpSessions).set({ updatedAt: new Date() }).where(eq(idpSessions.id, session.id));
      return { session, user, next };
    });
    if ('error' in outcome) {
      if (outcome.endedFor) this._onSessionsEnded(outcome.endedFor);
      throw outcome.error;
    }
    return this._sessionJson(outcome.user, outcome.session, outcome.next);
  }

  /** The PKCE grant: trades the one-time code of a redirect for a session, given the verifier the client kept. */
  async exchangeCode(authCode: unknown, codeVerifier: unknown): Promise<SessionJson> {
    if (typeof authCode !== 'string' || !authCode || typeof codeVerifier !== 'string' || !codeVerifier) {
      throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty');
    }
    const row = await this._consume('pkce', authCode);
    if (!row?.userId) throw authErrors.flowStateNotFound();
    const data = row.data as unknown as AuthCodeData;
    const expected =
      data.codeChallengeMethod === 'plain'
        ? codeVerifier
        : createHash('sha256').update(codeVerifier).digest('base64url');
    if (expected !== data.codeChallenge) throw authErrors.badCodeVerifier();
    const user = await this._findUser(row.userId);
    if (!user) throw authErrors.flowStateNotFound();
    return this._startSession(user, data.method);
  }

  // ── The signed-in user ────────────────────────────────────────────────────────────────────────

  async getUser(accessToken: string | null): Promise<UserJson> {
    const { user } = await this._authenticate(accessToken);
    return this._userJson(user);
  }

  /**
   * A new password needs the current one (GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD), except in
   * a session opened by an e-mailed link: that is how a forgotten password is replaced. Wrong current
   * passwords count against the sign-in limit, so a stolen token can't be used to guess it.
   */
  async updateUser(
    accessToken: string | null,
    input: { email: unknown; password: unknown; currentPassword: unknown; data: unknown; ip: string },
  ): Promise<UserJson> {
    const { user, session } = await this._authenticate(accessToken);
    const sessionId = session.id;
    const changes: Partial<typeof idpUsers.$inferInsert> = {};
    if (
      input.email !== undefined &&
      input.email !== null &&
      this._email(input.email, 'Invalid email') !== user.email
    ) {
      throw authErrors.emailChangeUnsupported();
    }
    if (input.password !== undefined && input.password !== null) {
      if (typeof input.password !== 'string') throw authErrors.validation('Password must be a string');
      checkPasswordStrength(input.password, user.email);
      if (user.encryptedPassword && !openedByLink(session.amr)) {
        await this._checkCurrentPassword(user, input.currentPassword, input.ip);
      }
      if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, input.password))) {
        throw authErrors.samePassword();
      }
      changes.encryptedPassword = await hashPassword(input.password);
    }
    if (input.data !== undefined && input.data !== null) {
      changes.userMetadata = mergeMetadata(user.userMetadata, input.data);
    }
    if (Object.keys(changes).length === 0) return this._userJson(user);
    const updated = await this._db.transaction(async (tx) => {
      const [row] = await tx
        .update(idpUsers)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(idpUsers.id, user.id))
        .returning();
      // A new password ends every other session: whoever knew the old one is signed out.
      if (changes.encryptedPassword) {
        await tx
          .delete(idpSessions)
          .where(and(eq(idpSessions.userId, user.id), ne(idpSessions.id, sessionId)));
      }
      return row;
    });
    if (changes.encryptedPassword) this._onSessionsEnded(user.id);
    return this._userJson(updated);
  }

  /** Ends this session (local), every session of the user (global) or all but this one (others). */
  async logout(accessToken: string | null, scope: unknown): Promise<void> {
    const chosen = scope === undefined || scope === '' ? 'global' : scope;
    if (chosen !== 'global' && chosen !== 'local' && chosen !== 'others') {
      throw authErrors.validation('Unsupported logout scope: use global, local or others');
    }
    if (!accessToken) throw authErrors.noAuthorization();
    const claims = await this._tokens.verify(accessToken);
    const where = {
      global: eq(idpSessions.userId, claims.sub),
      local: and(eq(idpSessions.userId, claims.sub), eq(idpSessions.id, claims.session_id)),
      others: and(eq(idpSessions.userId, claims.sub), ne(idpSessions.id, claims.session_id)),
    }[chosen];
    // Refresh tokens go with their session (ON DELETE CASCADE).
    await this._db.delete(idpSessions).where(where);
    this._onSessionsEnded(claims.sub);
  }

  // ── E-mail links ──────────────────────────────────────────────────────────────────────────────

  /** Sends a recovery link when the address has an account; says nothing either way. */
  async recover(input: {
    email: unknown;
    redirectTo: unknown;
    codeChallenge: unknown;
    codeChallengeMethod: unknown;
  }): Promise<void> {
    const email = this._email(input.email, 'Password recovery requires an email');
    const pkce = this._pkce(input.codeChallenge, input.codeChallengeMethod);
    const redirectTo = this._redirect(input.redirectTo);
    const user = await this._findUserByEmail(email);
    if (!user || recentlySent(user.recoverySentAt)) return;
    await this._sendLink(user, 'recovery', redirectTo, pkce);
  }

  /** Sends the confirmation link again to an unconfirmed address; says nothing either way. */
  async resend(input: { type: unknown; email: unknown; redirectTo: unknown }): Promise<void> {
    if (input.type !== 'signup') {
      throw authErrors.validation('Only the signup confirmation can be resent by e-mail');
    }
    const email = this._email(input.email, 'To resend, please provide your email');
    const user = await this._findUserByEmail(email);
    if (!user || user.emailConfirmedAt || recentlySent(user.confirmationSentAt)) return;
    await this._sendLink(user, 'signup', this._redirect(input.redirectTo), null);
  }

  /** GET /verify, the link in an e-mail: confirms and answers where to redirect, with a session or an error. */
  async verifyLink(input: { token: unknown; type: unknown; redirectTo: unknown }): Promise<string> {
    const requested = this._allowedRedirect(input.redirectTo);
    const kind = linkKind(input.type);
    const row =
      kind && typeof input.token === 'string' && input.token ? await this._consume(kind, input.token) : null;
    if (!kind || !row?.userId) {
      return withError(requested ?? this._siteUrl(), authErrors.otpExpired(), 'fragment');
    }
    const data = row.data as unknown as LinkData;
    const redirectTo = requested ?? this._redirect(data.redirectTo);
    const user = await this._confirmEmail(row.userId);
    if (!user) return withError(redirectTo, authErrors.otpExpired(), 'fragment');
    if (kind === 'recovery') await this._limiter.clearAccount(user.email);
    if (data.codeChallenge && data.codeChallengeMethod) {
      const code = await this._issueAuthCode(user, {
        codeChallenge: data.codeChallenge,
        codeChallengeMethod: data.codeChallengeMethod,
        method: 'otp',
      });
      return withQuery(redirectTo, { code });
    }
    const session = await this._startSession(user, 'otp');
    return withFragment(redirectTo, sessionFragment(session, kind));
  }

  /** POST /verify (supabase-js verifyOtp with token_hash, the token of an e-mailed link): a session. */
  async verifyOtp(input: {
    type: unknown;
    tokenHash: unknown;
    token: unknown;
    email: unknown;
  }): Promise<SessionJson> {
    const kind = linkKind(input.type);
    if (!kind) {
      throw authErrors.validation('Verify requires a verification type of signup, email or recovery');
    }
    const token = typeof input.tokenHash === 'string' && input.tokenHash ? input.tokenHash : input.token;
    if (typeof token !== 'string' || !token) {
      throw authErrors.validation('Verify requires a token or a token_hash');
    }
    const row = await this._consume(kind, token);
    if (!row?.userId) throw authErrors.otpExpired();
    const user = await this._confirmEmail(row.userId);
    if (!user) throw authErrors.otpExpired();
    if (typeof input.email === 'string' && input.email.trim().toLowerCase() !== user.email) {
      throw authErrors.otpExpired();
    }
    if (kind === 'recovery') await this._limiter.clearAccount(user.email);
    return this._startSession(user, 'otp');
  }

  // ── OAuth ─────────────────────────────────────────────────────────────────────────────────────

  /** GET /authorize: the provider's sign-in page to redirect to. */
  async authorize(input: {
    provider: unknown;
    redirectTo: unknown;
    scopes: unknown;
    codeChallenge: unknown;
    codeChallengeMethod: unknown;
  }): Promise<string> {
    if (typeof input.provider !== 'string' || !input.provider) {
      throw authErrors.validation('Unsupported provider: missing provider');
    }
    if (!OAuthProviders.isProvider(input.provider)) throw authErrors.unknownProvider(input.provider);
    const provider = input.provider;
    if (!this._providers.enabled(provider)) throw authErrors.providerDisabled();
    const pkce = this._pkce(input.codeChallenge, input.codeChallengeMethod);
    const state = randomToken(32);
    const data: OAuthStateData = {
      provider,
      redirectTo: this._redirect(input.redirectTo),
      nonce: randomToken(24),
      codeVerifier: randomToken(48),
      ...(pkce ?? {}),
    };
    let url: string;
    try {
      url = await this._providers.authorizationUrl(provider, {
        redirectUri: this.callbackUrl,
        state,
        nonce: data.nonce,
        codeVerifier: data.codeVerifier,
        scopes: typeof input.scopes === 'string' ? input.scopes : null,
      });
    } catch (error) {
      this._onRedirectError(error, `OpenID discovery for ${provider} failed`);
      throw authErrors.providerUnavailable(provider);
    }
    await this._issueOneTime(
      this._db,
      'oauth_state',
      state,
      null,
      data as unknown as Record<string, unknown>,
    );
    return url;
  }

  /** GET /callback from the provider: where to send the browser, with a session, a PKCE code or an error. */
  async oauthCallback(rawQuery: string): Promise<string> {
    const query = new URLSearchParams(rawQuery);
    const state = query.get('state');
    const row = state ? await this._consume('oauth_state', state) : null;
    if (!row || !state) throw authErrors.badOAuthState();
    const data = row.data as unknown as OAuthStateData;
    const mode = data.codeChallenge ? 'query' : 'fragment';
    const providerError = query.get('error');
    if (providerError) {
      const description = query.get('error_description') ?? `The ${data.provider} sign-in was not completed`;
      return withError(
        data.redirectTo,
        new GoTrueError(400, providerError, description),
        mode,
        providerError,
      );
    }
    let profile: ProviderProfile;
    try {
      profile = await this._providers.finish(data.provider, new URL(`${this.callbackUrl}?${rawQuery}`), {
        state,
        nonce: data.nonce,
        codeVerifier: data.codeVerifier,
      });
    } catch (error) {
      this._onRedirectError(error, `OAuth code exchange with ${data.provider} failed`);
      const failure = new GoTrueError(
        500,
        'unexpected_failure',
        `Could not complete the sign-in with ${data.provider}. Please try again.`,
      );
      return withError(data.redirectTo, failure, mode, 'server_error');
    }
    let user: UserRow;
    try {
      user = await this._userForProfile(data.provider, profile, data.redirectTo);
    } catch (error) {
      if (!(error instanceof GoTrueError)) throw error;
      return withError(data.redirectTo, error, mode);
    }
    if (data.codeChallenge && data.codeChallengeMethod) {
      const code = await this._issueAuthCode(user, {
        codeChallenge: data.codeChallenge,
        codeChallengeMethod: data.codeChallengeMethod,
        method: 'oauth',
      });
      return withQuery(data.redirectTo, { code });
    }
    const session = await this._startSession(user, 'oauth');
    return withFragment(data.redirectTo, sessionFragment(session));
  }

  // ── Public facts ──────────────────────────────────────────────────────────────────────────────

  settings(): Record<string, unknown> {
    const external: Record<string, boolean> = { anonymous_users: false, email: true, phone: false };
    for (const provider of PROVIDERS) external[provider] = this._providers.enabled(provider);
    return {
      external,
      disable_signup: false,
      mailer_autoconfirm: this._config.authAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  /** The person behind a live session's access token, or 401: who may ask whether an account exists. */
  async signedInCaller(accessToken: string | null): Promise<string> {
    try {
      return (await this._authenticate(accessToken)).user.id;
    } catch (error) {
      if (error instanceof GoTrueError) throw authErrors.signedInCallerRequired();
      throw error;
    }
  }

  /** The check_user_exists RPC (the route lets signed-in callers only ask it). */
  async userExists(email: unknown): Promise<boolean> {
    if (typeof email !== 'string' || !email.trim()) return false;
    return (await this._findUserByEmail(email.trim().toLowerCase())) !== null;
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _authenticate(
    accessToken: string | null,
  ): Promise<{ user: UserRow; session: typeof idpSessions.$inferSelect }> {
    if (!accessToken) throw authErrors.noAuthorization();
    const claims = await this._tokens.verify(accessToken);
    const session = await this._db.query.idpSessions.findFirst({
      where: eq(idpSessions.id, claims.session_id),
    });
    if (!session || session.revokedAt || session.userId !== claims.sub) throw authErrors.sessionNotFound();
    const user = await this._findUser(claims.sub);
    if (!user) throw authErrors.userNotFound();
    return { user, session };
  }

  private async _checkCurrentPassword(user: UserRow, currentPassword: unknown, ip: string): Promise<void> {
    if (typeof currentPassword !== 'string' || currentPassword === '') {
      throw authErrors.currentPasswordRequired();
    }
    await this._refuseIfBlocked(user.email, ip);
    if (!(await verifyPassword(user.encryptedPassword, currentPassword))) {
      await this._limiter.recordFailure(user.email, ip);
      throw authErrors.currentPasswordInvalid();
    }
  }

  private async _refuseIfBlocked(email: string, ip: string): Promise<void> {
    const block = await this._limiter.blockedFor(email, ip);
    if (!block) return;
    throw block.account
      ? authErrors.tooManySignInsToAccount(block.retryAfter)
      : authErrors.tooManySignIns(block.retryAfter);
  }

  /**
   * A sign-up for a taken address mails its owner what a resend would (the confirmation link, at most
   * once a minute) or, once confirmed, a notice. The link carries no PKCE challenge: the caller's
   * verifier may be anyone's, and the owner's browser must be able to finish the confirmation.
   */
  private async _tellOwnerOfSignUp(owner: UserRow, redirectTo: string): Promise<void> {
    if (owner.emailConfirmedAt) return this._sendSignUpNotice(owner);
    if (recentlySent(owner.confirmationSentAt)) return;
    await this._sendLink(owner, 'signup', redirectTo, null);
  }

  /**
   * The ids a sign-up answers for an address, the same each time and whether or not it has an account:
   * a new account is created with them, so the answer is true for it, and an address that has one gets
   * the same answer (a random id would tell it apart from the second sign-up of a new address). Keyed by
   * a server secret, so nobody can tell an address's id without asking this server.
   */
  private async _signUpIds(email: string): Promise<SignUpIds> {
    this._signUpIdKey ??= await getOrCreateSecret(this._db, SIGN_UP_ID_SECRET);
    return {
      userId: keyedUuid(this._signUpIdKey, `user\n${email}`),
      identityId: keyedUuid(this._signUpIdKey, `identity\n${email}`),
    };
  }

  /** Tells the owner of an account that someone tried to sign up with its address, at most once an hour. */
  private async _sendSignUpNotice(owner: UserRow): Promise<void> {
    const recent = await this._mail.list(owner.email, 20);
    const since = Date.now() - SIGN_UP_NOTICE_INTERVAL_MS;
    if (recent.some((mail) => mail.subject === SIGN_UP_NOTICE_SUBJECT && mail.createdAt.getTime() > since))
      return;
    await this._mail.send(signUpNoticeMail(owner.email, `${this._config.publicUrl}/auth/login`));
  }

  private async _startSession(user: UserRow, method: AmrEntry['method']): Promise<SessionJson> {
    const now = new Date();
    const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
    const refreshToken = randomToken(32);
    const { session, signedIn } = await this._db.transaction(async (tx) => {
      const [created] = await tx
        .insert(idpSessions)
        .values({ userId: user.id, aal: 'aal1', amr })
        .returning();
      await tx
        .insert(idpRefreshTokens)
        .values({ tokenHash: sha256(refreshToken), sessionId: created.id, userId: user.id });
      const [updated] = await tx
        .update(idpUsers)
        .set({ lastSignInAt: now })
        .where(eq(idpUsers.id, user.id))
        .returning();
      return { session: created, signedIn: updated };
    });
    return this._sessionJson(signedIn, session, refreshToken);
  }

  private async _sessionJson(
    user: UserRow,
    session: typeof idpSessions.$inferSelect,
    refreshToken: string,
  ): Promise<SessionJson> {
    const access = await this._tokens.sign(user, {
      id: session.id,
      aal: session.aal,
      amr: session.amr as AmrEntry[],
    });
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: await this._userJson(user),
    };
  }

  /** Ends a session for good (refresh-token reuse); callers tell _onSessionsEnded once the transaction is done. */
  private async _revokeSession(tx: Executor, sessionId: string): Promise<void> {
    await tx.update(idpSessions).set({ revokedAt: new Date() }).where(eq(idpSessions.id, sessionId));
    await tx.update(idpRefreshTokens).set({ revoked: true }).where(eq(idpRefreshTokens.sessionId, sessionId));
  }

  private async _userJson(user: UserRow): Promise<UserJson> {
    const identities = await this._db
      .select()
      .from(idpIdentities)
      .where(eq(idpIdentities.userId, user.id))
      .orderBy(idpIdentities.createdAt);
    return userJson(user, identities);
  }

  private async _findUser(id: string): Promise<UserRow | null> {
    return (await this._db.query.idpUsers.findFirst({ where: eq(idpUsers.id, id) })) ?? null;
  }

  private async _findUserByEmail(email: string): Promise<UserRow | null> {
    return (await this._db.query.idpUsers.findFirst({ where: eq(idpUsers.email, email) })) ?? null;
  }

  /** Following a link proves the address, for a recovery link too (as GoTrue does). */
  private async _confirmEmail(userId: string): Promise<UserRow | null> {
    const [user] = await this._db
      .update(idpUsers)
      .set({ emailConfirmedAt: sql`coalesce(${idpUsers.emailConfirmedAt}, now())` })
      .where(eq(idpUsers.id, userId))
      .returning();
    return user ?? null;
  }

  private async _sendLink(
    user: UserRow,
    kind: LinkKind,
    redirectTo: string,
    pkce: PkceChallenge | null,
  ): Promise<UserRow> {
    const token = randomToken(32);
    const now = new Date();
    const updated = await this._db.transaction(async (tx) => {
      // Only the newest link of a kind works.
      await tx
        .delete(idpOneTimeTokens)
        .where(and(eq(idpOneTimeTokens.userId, user.id), eq(idpOneTimeTokens.kind, kind)));
      await this._issueOneTime(tx, kind, token, user.id, { redirectTo, ...(pkce ?? {}) });
      const [row] = await tx
        .update(idpUsers)
        .set(kind === 'signup' ? { confirmationSentAt: now } : { recoverySentAt: now })
        .where(eq(idpUsers.id, user.id))
        .returning();
      return row;
    });
    const link = `${this._config.publicUrl}/idp/auth/v1/verify?${new URLSearchParams({ token, type: kind, redirect_to: redirectTo })}`;
    await this._mail.send(
      kind === 'signup' ? confirmationMail(user.email, link) : recoveryMail(user.email, link),
    );
    return updated;
  }

  private async _issueAuthCode(user: UserRow, data: AuthCodeData): Promise<string> {
    const code = randomToken(32);
    await this._issueOneTime(this._db, 'pkce', code, user.id, { ...data });
    return code;
  }

  private async _issueOneTime(
    executor: Executor,
    kind: OneTimeKind,
    token: string,
    userId: string | null,
    data: Record<string, unknown>,
  ): Promise<void> {
    const now = Date.now();
    // Spent and long-expired tokens are never read again.
    await executor
      .delete(idpOneTimeTokens)
      .where(
        or(
          lt(idpOneTimeTokens.expiresAt, new Date(now - 24 * 60 * 60 * 1000)),
          lt(idpOneTimeTokens.usedAt, new Date(now - 60 * 60 * 1000)),
        ),
      );
    await executor
      .insert(idpOneTimeTokens)
      .values({ kind, tokenHash: sha256(token), userId, data, expiresAt: new Date(now + LINK_TTL_MS[kind]) });
  }

  /** Marks a one-time token used and returns it, or null when unknown, used or expired (atomic: one winner). */
  private async _consume(kind: OneTimeKind, token: string) {
    const [row] = await this._db
      .update(idpOneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(idpOneTimeTokens.tokenHash, sha256(token)),
          eq(idpOneTimeTokens.kind, kind),
          isNull(idpOneTimeTokens.usedAt),
          gt(idpOneTimeTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Finds or creates the user behind a provider identity; links an existing account only by a verified e-mail. */
  private async _userForProfile(
    provider: ProviderName,
    profile: ProviderProfile,
    redirectTo: string,
  ): Promise<UserRow> {
    const identityData = {
      ...profileClaims(profile.claims),
      sub: profile.subject,
      email: profile.email,
      email_verified: profile.emailVerified,
      provider_id: profile.subject,
    };
    const outcome = await this._db.transaction(async (tx) => {
      const identity = await tx.query.idpIdentities.findFirst({
        where: and(eq(idpIdentities.provider, provider), eq(idpIdentities.providerId, profile.subject)),
      });
      let user = identity
        ? await tx.query.idpUsers.findFirst({ where: eq(idpUsers.id, identity.userId) })
        : undefined;
      if (identity) {
        await tx
          .update(idpIdentities)
          .set({ identityData, updatedAt: new Date() })
          .where(eq(idpIdentities.id, identity.id));
      } else {
        if (!profile.email) {
          return {
            error: new GoTrueError(422, 'validation_failed', `${provider} did not share an e-mail address`),
          };
        }
        user = await tx.query.idpUsers.findFirst({ where: eq(idpUsers.email, profile.email) });
        if (user && !profile.emailVerified) {
          const message = `An account with this e-mail already exists and ${provider} did not confirm the address. Sign in with your password.`;
          return { error: new GoTrueError(422, 'email_exists', message) };
        }
        if (user && !user.emailConfirmedAt) {
          // Someone may have signed up with this unconfirmed address; their password must not survive the owner's arrival.
          [user] = await tx
            .update(idpUsers)
            .set({ encryptedPassword: null })
            .where(eq(idpUsers.id, user.id))
            .returning();
        }
        if (!user) {
          const verified = profile.emailVerified || this._config.authAutoconfirm;
          [user] = await tx
            .insert(idpUsers)
            .values({
              email: profile.email,
              emailConfirmedAt: verified ? new Date() : null,
              appMetadata: { provider, providers: [provider] },
              userMetadata: {},
            })
            .returning();
        }
        await tx
          .insert(idpIdentities)
          .values({ userId: user.id, provider, providerId: profile.subject, identityData });
      }
      if (!user) return { error: authErrors.userNotFound() };
      const providers = Array.isArray(user.appMetadata.providers)
        ? (user.appMetadata.providers as string[])
        : [];
      const [updated] = await tx
        .update(idpUsers)
        .set({
          emailConfirmedAt:
            user.emailConfirmedAt ??
            (profile.emailVerified && profile.email === user.email ? new Date() : null),
          appMetadata: {
            ...user.appMetadata,
            provider: user.appMetadata.provider ?? provider,
            providers: [...new Set([...providers, provider])],
          },
          userMetadata: profileMetadata(user.userMetadata, profile),
          updatedAt: new Date(),
        })
        .where(eq(idpUsers.id, user.id))
        .returning();
      return { user: updated };
    });
    if ('error' in outcome) throw outcome.error;
    if (!outcome.user.emailConfirmedAt) {
      if (!recentlySent(outcome.user.confirmationSentAt)) {
        await this._sendLink(outcome.user, 'signup', redirectTo, null);
      }
      const message = `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`;
      throw new GoTrueError(400, 'provider_email_needs_verification', message);
    }
    return outcome.user;
  }

  private _email(value: unknown, missingMessage: string): string {
    if (typeof value !== 'string' || value.trim() === '') throw authErrors.validation(missingMessage);
    const email = value.trim().toLowerCase();
    if (!isEmail(email)) throw authErrors.invalidEmail();
    return email;
  }

  private _pkce(challenge: unknown, method: unknown): PkceChallenge | null {
    if (challenge === undefined || challenge === null || challenge === '') return null;
    const normalized = typeof method === 'string' ? method.toLowerCase() : '';
    if (
      typeof challenge !== 'string' ||
      !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge) ||
      (normalized !== 's256' && normalized !== 'plain')
    ) {
      throw authErrors.validation(
        'PKCE flow requires code_challenge (43 to 128 characters) and code_challenge_method (s256 or plain)',
      );
    }
    return { codeChallenge: challenge, codeChallengeMethod: normalized };
  }

  private _siteUrl(): string {
    return `${this._config.publicUrl}/`;
  }

  /** redirect_to when it points at this site (no open redirects), else the site itself. */
  private _redirect(value: unknown): string {
    return this._allowedRedirect(value) ?? this._siteUrl();
  }

  private _allowedRedirect(value: unknown): string | null {
    if (typeof value !== 'string' || value === '') return null;
    try {
      const url = new URL(value);
      const site = new URL(this._config.publicUrl);
      const sameHost =
        url.host === site.host ||
        (LOOPBACK_HOSTS.includes(url.hostname) &&
          LOOPBACK_HOSTS.includes(site.hostname) &&
          url.port === site.port);
      return url.protocol === site.protocol && sameHost ? url.toString() : null;
    } catch {
      return null;
    }
  }
}

function openedByLink(amr: { method: string }[]): boolean {
  return amr.some((entry) => LINK_METHODS.includes(entry.method));
}

/**
 * What a sign-up answers when the address must be confirmed: built from the request alone (the account
 * if it is new, GoTrue's obfuscated user if the address has one), so no field tells the two apart.
 */
function pendingUserJson(ids: SignUpIds, email: string, metadata: Record<string, unknown>): UserJson {
  const now = new Date();
  const id = ids.userId;
  const user: UserRow = {
    id,
    email,
    encryptedPassword: null,
    emailConfirmedAt: null,
    confirmationSentAt: now,
    recoverySentAt: null,
    lastSignInAt: null,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: metadata,
    createdAt: now,
    updatedAt: now,
  };
  const identity: IdentityRow = {
    id: ids.identityId,
    userId: id,
    provider: 'email',
    providerId: id,
    identityData: { sub: id, email },
    createdAt: now,
    updatedAt: now,
  };
  return userJson(user, [identity]);
}

/** A version-4-shaped UUID from an HMAC: random-looking, the same for the same key and text. */
function keyedUuid(key: string, text: string): string {
  const bytes = createHmac('sha256', key).update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function linkKind(type: unknown): LinkKind | null {
  if (type === 'signup' || type === 'email') return 'signup';
  if (type === 'recovery') return 'recovery';
  return null;
}

function recentlySent(at: Date | null): boolean {
  return at !== null && Date.now() - at.getTime() < MAIL_INTERVAL_MS;
}

/** Merges user-supplied metadata as GoTrue does (null deletes a key), keeping protected keys out. */
function mergeMetadata(current: Record<string, unknown>, data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return { ...current };
  if (typeof data !== 'object' || Array.isArray(data)) throw authErrors.validation('data must be an object');
  const merged = { ...current };
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (PROTECTED_METADATA_KEYS.includes(key)) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > MAX_METADATA_BYTES) {
    throw authErrors.validation('User metadata is too large');
  }
  return merged;
}

// Token mechanics, not facts about the person.
const TOKEN_CLAIMS = [
  'aud',
  'exp',
  'iat',
  'nbf',
  'nonce',
  'at_hash',
  'c_hash',
  's_hash',
  'auth_time',
  'azp',
  'sid',
  'acr',
  'amr',
  'jti',
  'uti',
  'rh',
];

function profileClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([key]) => !TOKEN_CLAIMS.includes(key)));
}

/** GoTrue's identity keys in user_metadata, plus first_name/last_name the first time they are known. */
function profileMetadata(
  current: Record<string, unknown>,
  profile: ProviderProfile,
): Record<string, unknown> {
  const claims = profile.claims;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const name = text(claims.name);
  const picture = text(claims.picture);
  const fromProvider: Record<string, unknown> = {
    iss: claims.iss,
    sub: profile.subject,
    provider_id: profile.subject,
    email: profile.email,
    email_verified: profile.emailVerified,
    phone_verified: false,
    ...(name ? { name, full_name: name } : {}),
    ...(picture ? { picture, avatar_url: picture } : {}),
  };
  const names: Record<string, unknown> = {};
  if (!text(current.first_name) && text(claims.given_name)) names.first_name = text(claims.given_name);
  if (!text(current.last_name) && text(claims.family_name)) names.last_name = text(claims.family_name);
  return { ...current, ...fromProvider, ...names };
}

function withFragment(url: string, fragment: string): string {
  const target = new URL(url);
  target.hash = fragment;
  return target.toString();
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  target.hash = '';
  return target.toString();
}

/** GoTrue's error redirect: error, error_code and error_description in the fragment (implicit) or query (PKCE). */
function withError(
  url: string,
  error: GoTrueError,
  mode: 'fragment' | 'query',
  errorName = 'access_denied',
): string {
  const params = { error: errorName, error_code: error.code, error_description: error.message };
  return mode === 'query'
    ? withQuery(url, params)
    : withFragment(url, new URLSearchParams(params).toString());
}

function confirmationMail(to: string, link: string) {
  return {
    to,
    kind: 'confirmation' as const,
    subject: 'Confirm your e-mail address for Plainwright',
    text: `Welcome to Plainwright!\n\nFollow this link to confirm your e-mail address and sign in:\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.\n`,
    html: mailHtml(
      'Confirm your e-mail address',
      'Follow this link to confirm your e-mail address and sign in:',
      link,
      'The link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.',
    ),
  };
}

function recoveryMail(to: string, link: string) {
  return {
    to,
    kind: 'recovery' as const,
    subject: 'Reset your Plainwright password',
    text: `Someone (hopefully you) asked to reset the password of your Plainwright account.\n\nFollow this link to choose a new password:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail; your password stays as it is.\n`,
    html: mailHtml(
      'Reset your password',
      'Follow this link to choose a new password:',
      link,
      'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail; your password stays as it is.',
    ),
  };
}

const SIGN_UP_NOTICE_SUBJECT = 'Someone tried to sign up with your e-mail address';

function signUpNoticeMail(to: string, signInLink: string) {
  const lead = `Someone tried to sign up for Plainwright with your e-mail address (${to}). You already have an account, so nothing was changed.`;
  const footer =
    "If it was you, sign in instead; if you forgot your password, choose “Forgot password” there. If it wasn't you, you can ignore this e-mail: your account and password stay as they are.";
  return {
    to,
    kind: 'notification' as const,
    subject: SIGN_UP_NOTICE_SUBJECT,
    text: `${lead}\n\nSign in here:\n${signInLink}\n\n${footer}\n`,
    html: mailHtml('Sign in to Plainwright', lead, signInLink, footer),
  };
}

function mailHtml(title: string, lead: string, link: string, footer: string): string {
  const safe = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<h2>${title}</h2><p>${lead}</p><p><a href="${safe}">${title}</a></p><p><small>${footer}</small></p>`;
}
