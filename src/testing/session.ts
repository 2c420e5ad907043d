import { initAuthClient, isAuthClientInitialized } from '../lib/supabase';
import { seedOrganization, seedUser, type DbMembership, type DbUser } from './msw/db';
import { issueSession } from './msw/identity';

export const TEST_IDENTITY_URL = `${window.location.origin}/idp`;
const STORAGE_KEY = `sb-${window.location.hostname.split('.')[0]}-auth-token`;

/** Stores a session the way supabase-js persists one, so the next auth client starts signed in. */
export function signInAs(user: DbUser) {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(issueSession(user)));
}

export function startAuthClient() {
  if (!isAuthClientInitialized())
    initAuthClient({ supabaseUrl: TEST_IDENTITY_URL, supabaseAnonKey: 'anon-key' });
}

/** A confirmed person, signed in, who is admin (or member) of one organization named Acme. */
export function signInAsMemberOf(name = 'Acme', role: DbMembership['role'] = 'admin') {
  const person = seedUser({ email: 'ada@example.com' });
  const organization = seedOrganization(name, [{ user: person, role }]);
  signInAs(person);
  return { person, organization };
}
