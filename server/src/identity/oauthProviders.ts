import * as client from 'openid-client';
import { type Config } from '../config';

export const PROVIDERS = ['google', 'azure'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  claims: Record<string, unknown>;
}

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  scopes: string | null;
}

const BASE_SCOPES = ['openid', 'email', 'profile'];

/** Google and Microsoft Entra ID through OpenID Connect discovery (openid-client), configured from env. */
export class OAuthProviders {
  private readonly _discovered = new Map<ProviderName, Promise<client.Configuration>>();

  constructor(private readonly _config: Config) {}

  static isProvider(name: string): name is ProviderName {
    return (PROVIDERS as readonly string[]).includes(name);
  }

  enabled(name: ProviderName): boolean {
    return this._settings(name) !== null;
  }

  async authorizationUrl(name: ProviderName, request: AuthorizationRequest): Promise<string> {
    const configuration = await this._configuration(name);
    const scopes = new Set([...BASE_SCOPES, ...(request.scopes ?? '').split(/[\s,]+/).filter(Boolean)]);
    return client
      .buildAuthorizationUrl(configuration, {
        redirect_uri: request.redirectUri,
        scope: [...scopes].join(' '),
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Exchanges the callback's code and returns who signed in; throws when the provider's answer does not check out. */
  async finish(
    name: ProviderName,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderProfile> {
    const configuration = await this._configuration(name);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error(`${name} returned no ID token`);
    let claims: Record<string, unknown> = { ...idClaims };
    if (typeof claims.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    }
    const email =
      typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.toLowerCase() : null;
    // Entra ID has no email_verified; xms_edov says the domain owner verified the address.
    const emailVerified =
      claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;
    return { subject: idClaims.sub, email, emailVerified, claims };
  }

  private _settings(name: ProviderName): ProviderSettings | null {
    const c = this._config;
    const settings =
      name === 'google'
        ? { issuer: c.googleIssuer, clientId: c.googleClientId, clientSecret: c.googleClientSecret }
        : { issuer: c.azureIssuer, clientId: c.azureClientId, clientSecret: c.azureClientSecret };
    if (!settings.clientId || !settings.clientSecret) return null;
    return { issuer: settings.issuer, clientId: settings.clientId, clientSecret: settings.clientSecret };
  }

  private _configuration(name: ProviderName): Promise<client.Configuration> {
    let pending = this._discovered.get(name);
    if (!pending) {
      const settings = this._settings(name);
      if (!settings) return Promise.reject(new Error(`${name} is not configured`));
      const issuer = new URL(settings.issuer);
      // Plain http is only for a local stand-in provider (tests, development).
      const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
      pending = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, options);
      // A failed discovery is retried on the next sign-in instead of being cached.
      pending.catch(() => this._discovered.delete(name));
      this._discovered.set(name, pending);
    }
    return pending;
  }
}
