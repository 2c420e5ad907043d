import type { Session } from '@supabase/supabase-js';
import { seedUser } from '../../testing/msw/db';
import { issueSession } from '../../testing/msw/identity';
import { authActionFor } from './sagas';
import { passwordRecoveryStarted, sessionRestored, signedIn, signedOut, tokenRefreshed } from './slice';

function sessionFor(email: string): Session {
  return issueSession(seedUser({ email, firstName: 'Ada', lastName: 'Lovelace' })) as unknown as Session;
}

describe('authActionFor', () => {
  it('turns the initial session into a restored session, signed in or not', () => {
    expect(authActionFor({ event: 'INITIAL_SESSION', session: null })).toEqual(
      sessionRestored({ user: null }),
    );
    const action = authActionFor({ event: 'INITIAL_SESSION', session: sessionFor('ada@example.com') });
    expect(action).toMatchObject({
      type: sessionRestored.type,
      payload: { user: { email: 'ada@example.com' } },
    });
  });

  it('maps the provider user to the client user model', () => {
    const action = authActionFor({ event: 'SIGNED_IN', session: sessionFor('ada@example.com') });
    expect(action).toMatchObject({
      type: signedIn.type,
      payload: { user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', roles: [] } },
    });
  });

  it('names every other event in the past tense', () => {
    expect(authActionFor({ event: 'SIGNED_OUT', session: null })).toEqual(signedOut());
    expect(authActionFor({ event: 'TOKEN_REFRESHED', session: sessionFor('a@example.com') })).toEqual(
      tokenRefreshed(),
    );
    expect(authActionFor({ event: 'PASSWORD_RECOVERY', session: null })).toEqual(
      passwordRecoveryStarted({ user: null }),
    );
  });
});
