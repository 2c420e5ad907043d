// Issue 27: a sign-up for an address that has an account never changes it, and never tells it apart.
import { eq } from 'drizzle-orm';
import { idpUsers } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import {
  clientFor,
  fragmentOf,
  linkFromMail,
  PASSWORD,
  redirectOf,
  uniqueEmail,
} from './fixtures/identityTools';
import { mailsTo } from './fixtures/devMail';

const ATTACKER_PASSWORD = 'the attacker chose this one';

/** The keys of a JSON value with the type of each leaf: what tells two answers apart without their values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

async function confirmations(server: TestServer, email: string): Promise<number> {
  return (await mailsTo(server, email)).filter((mail) => mail.kind === 'confirmation').length;
}

describe('a sign-up for an address that is not confirmed yet (issue 27, finding 1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("changes neither the owner's password nor their metadata, and the owner's link confirms the owner's password", async () => {
    const owner = uniqueEmail('invitee');
    const newcomer = await clientFor(server).auth.signUp({
      email: uniqueEmail('newcomer'),
      password: PASSWORD,
      options: { data: { first_name: 'Nina' } },
    });
    const first = await clientFor(server).auth.signUp({
      email: owner,
      password: PASSWORD,
      options: { data: { first_name: 'Olive' } },
    });

    const attack = await clientFor(server).auth.signUp({
      email: owner,
      password: ATTACKER_PASSWORD,
      options: { data: { first_name: 'Mallory' } },
    });

    expect(first.error).toBeNull();
    expect(attack.error).toBeNull();
    expect(attack.data.session).toBeNull();
    expect(attack.data.user).toMatchObject({ email: owner, user_metadata: { first_name: 'Mallory' } });
    expect(shapeOf(attack.data.user)).toEqual(shapeOf(newcomer.data.user));
    // Within a minute of the first mail nothing new is sent (the resend limit), so the owner's link still works.
    expect(await confirmations(server, owner)).toBe(1);

    const landed = fragmentOf((await redirectOf(await linkFromMail(server, owner, 'confirmation'))).location);
    expect(landed.get('access_token')).toEqual(expect.any(String));
    const asAttacker = await clientFor(server).auth.signInWithPassword({
      email: owner,
      password: ATTACKER_PASSWORD,
    });
    const asOwner = await clientFor(server).auth.signInWithPassword({ email: owner, password: PASSWORD });
    expect(asAttacker.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(asOwner.error).toBeNull();
    expect(asOwner.data.user?.user_metadata).toMatchObject({ first_name: 'Olive' });
  });

  it('mails the owner a fresh confirmation link once the last one is a minute old', async () => {
    const owner = uniqueEmail('slow-invitee');
    await clientFor(server).auth.signUp({ email: owner, password: PASSWORD });
    await server.database.db
      .update(idpUsers)
      .set({ confirmationSentAt: new Date(Date.now() - 61_000) })
      .where(eq(idpUsers.email, owner));

    const again = await clientFor(server).auth.signUp({ email: owner, password: ATTACKER_PASSWORD });

    expect(again.error).toBeNull();
    expect(await confirmations(server, owner)).toBe(2);
    await redirectOf(await linkFromMail(server, owner, 'confirmation'));
    const row = await server.database.db.query.idpUsers.findFirst({ where: eq(idpUsers.email, owner) });
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(
      (await clientFor(server).auth.signInWithPassword({ email: owner, password: ATTACKER_PASSWORD })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect(
      (await clientFor(server).auth.signInWithPassword({ email: owner, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('a sign-up for an address that is not confirmed, on a server that confirms sign-ups itself', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => server?.close());

  it('is refused as user_already_exists and neither confirms the account nor sets its password', async () => {
    const owner = uniqueEmail('before-autoconfirm');
    // Signed up while the server still asked for confirmation.
    await server.database.db.insert(idpUsers).values({ email: owner, encryptedPassword: null });

    const attack = await clientFor(server).auth.signUp({ email: owner, password: ATTACKER_PASSWORD });

    expect(attack.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    const row = await server.database.db.query.idpUsers.findFirst({ where: eq(idpUsers.email, owner) });
    expect(row).toMatchObject({ emailConfirmedAt: null, encryptedPassword: null });
  });
});

describe('sign-ups cannot tell whether an address has an account (issue 27, finding 6)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  /** Two sign-ups for the address by someone else, as an attacker probing it would make them. */
  async function probeTwice(email: string) {
    const startedAt = Date.now() - 1000;
    const answers = [];
    for (const password of [ATTACKER_PASSWORD, `${ATTACKER_PASSWORD} again`]) {
      const { data, error } = await clientFor(server).auth.signUp({ email, password });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      answers.push(data.user!);
    }
    const [first, second] = answers as [NonNullable<(typeof answers)[0]>, NonNullable<(typeof answers)[0]>];
    return {
      sameIds:
        first.id === second.id && first.identities?.[0]?.identity_id === second.identities?.[0]?.identity_id,
      fresh: answers.every((user) => Date.parse(user.created_at) >= startedAt),
      shape: shapeOf(second),
      confirmed: answers.some((user) => user.email_confirmed_at !== undefined),
    };
  }

  it('answers a new, an unconfirmed and a confirmed address alike, with the same id each time', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    await clientFor(server).auth.signUp({ email: unconfirmed, password: PASSWORD });
    const confirmed = uniqueEmail('confirmed');
    const owner = await clientFor(server).auth.signUp({ email: confirmed, password: PASSWORD });
    await redirectOf(await linkFromMail(server, confirmed, 'confirmation'));
    // Older than the probes: an answer that carried the account's own dates would stand out.
    await server.database.db
      .update(idpUsers)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(idpUsers.email, unconfirmed));

    const probes = {
      new: await probeTwice(uniqueEmail('nobody')),
      unconfirmed: await probeTwice(unconfirmed),
      confirmed: await probeTwice(confirmed),
    };

    expect(probes).toEqual({
      new: { sameIds: true, fresh: true, shape: probes.new.shape, confirmed: false },
      unconfirmed: { sameIds: true, fresh: true, shape: probes.new.shape, confirmed: false },
      confirmed: { sameIds: true, fresh: true, shape: probes.new.shape, confirmed: false },
    });
    // The id a new address is answered is its account's: the owner's first answer names who the link signs in.
    const signedIn = await clientFor(server).auth.signInWithPassword({
      email: confirmed,
      password: PASSWORD,
    });
    expect(signedIn.data.user?.id).toBe(owner.data.user?.id);
  });
});
