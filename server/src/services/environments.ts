import { and, asc, eq, ne } from 'drizzle-orm';
import { type Db } from '../db/client';
import { environments } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { decrypt, encrypt } from '../lib/crypto';
import { isUuid } from '../lib/validate';
import {
  ENVIRONMENT_LIMITS as LIMITS,
  ENVIRONMENT_MASKED_VALUE,
  environmentOrigin,
  type CreateEnvironmentBody,
  type Environment,
  type UpdateEnvironmentBody,
} from '../../../contract/environments';
import { isSimpleName } from '../../../contract/testCases';
import { type Actor } from './actor';
import { isUniqueViolation, type TestSuiteService } from './testSuites';

type EnvironmentRow = typeof environments.$inferSelect;

/** What a run takes from its environment: the origin to open, variables and plain secret values. */
export interface RunEnvironment {
  id: string;
  name: string;
  origin: string;
  variables: Record<string, string>;
  secrets: Record<string, string>;
}

/** A project's named environments (issue 33); secret overrides sealed at rest and masked in replies. */
export class EnvironmentService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _secret: string,
  ) {}

  async list(actor: Actor, suiteId: string): Promise<Environment[]> {
    await this._testSuites.requireSuite(actor, suiteId);
    const rows = await this._db
      .select()
      .from(environments)
      .where(eq(environments.testSuiteId, suiteId))
      .orderBy(asc(environments.name));
    return rows.map(toWire);
  }

  async create(actor: Actor, suiteId: string, input: CreateEnvironmentBody): Promise<Environment> {
    // Another organization's project is not found before its input is judged.
    await this._testSuites.requireSuite(actor, suiteId);
    const name = checkName(input.name);
    const baseUrl = checkBaseUrl(input.base_url);
    const variables = checkEntries('variables', input.variables ?? {});
    const secrets = checkEntries('secrets', input.secrets ?? {});
    const row = await this._unique(() =>
      this._db.transaction(async (tx) => {
        const existing = await tx
          .select({ id: environments.id })
          .from(environments)
          .where(eq(environments.testSuiteId, suiteId));
        if (existing.length >= LIMITS.perSuite)
          throw new ValidationError(`A project may have at most ${LIMITS.perSuite} environments`, {
            fields: { name: 'too_many' },
          });
        // The first environment is the default; another becomes it when asked.
        const isDefault = existing.length === 0 || input.is_default === true;
        if (isDefault)
          await tx
            .update(environments)
            .set({ isDefault: false })
            .where(eq(environments.testSuiteId, suiteId));
        const [inserted] = await tx
          .insert(environments)
          .values({
            testSuiteId: suiteId,
            name,
            baseUrl,
            variables,
            secretsEncrypted: this._seal(secrets),
            isDefault,
          })
          .returning();
        return inserted;
      }),
    );
    return toWire(row);
  }

  async update(
    actor: Actor,
    suiteId: string,
    envId: string,
    input: UpdateEnvironmentBody,
  ): Promise<Environment> {
    const current = await this._require(actor, suiteId, envId);
    const name = input.name === undefined ? undefined : checkName(input.name);
    const baseUrl = input.base_url === undefined ? undefined : checkBaseUrl(input.base_url);
    const variables = input.variables === undefined ? undefined : checkEntries('variables', input.variables);
    const secretChanges = input.secrets;
    if (secretChanges) {
      const set = Object.fromEntries(
        Object.entries(secretChanges).filter((entry): entry is [string, string] => entry[1] !== null),
      );
      checkEntries('secrets', set);
    }
    let secretsEncrypted: Record<string, string> | undefined;
    if (secretChanges) {
      secretsEncrypted = { ...current.secretsEncrypted };
      for (const [key, value] of Object.entries(secretChanges)) {
        if (value === null) delete secretsEncrypted[key];
        else secretsEncrypted[key] = encrypt(value, this._secret);
      }
      if (Object.keys(secretsEncrypted).length > LIMITS.entries)
        throw new ValidationError(`An environment may have at most ${LIMITS.entries} secrets`, {
          fields: { secrets: 'too_many' },
        });
    }
    const row = await this._unique(() =>
      this._db.transaction(async (tx) => {
        if (input.is_default === true)
          await tx
            .update(environments)
            .set({ isDefault: false })
            .where(and(eq(environments.testSuiteId, suiteId), ne(environments.id, envId)));
        const [updated] = await tx
          .update(environments)
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(baseUrl !== undefined ? { baseUrl } : {}),
            ...(variables !== undefined ? { variables } : {}),
            ...(secretsEncrypted !== undefined ? { secretsEncrypted } : {}),
            // NOTE: a default stays one until another is made the default: a project with environments has one.
            ...(input.is_default === true ? { isDefault: true } : {}),
            updatedAt: new Date(),
          })
          .where(eq(environments.id, envId))
          .returning();
        if (!updated) throw new NotFoundError('Environment not found');
        return updated;
      }),
    );
    return toWire(row);
  }

  async delete(actor: Actor, suiteId: string, envId: string): Promise<void> {
    const row = await this._require(actor, suiteId, envId);
    await this._db.transaction(async (tx) => {
      await tx.delete(environments).where(eq(environments.id, envId));
      if (!row.isDefault) return;
      // The oldest one left takes over as the default.
      const [next] = await tx
        .select({ id: environments.id })
        .from(environments)
        .where(eq(environments.testSuiteId, suiteId))
        .orderBy(asc(environments.createdAt), asc(environments.id))
        .limit(1);
      if (next) await tx.update(environments).set({ isDefault: true }).where(eq(environments.id, next.id));
    });
  }

  /**
   * The environment a run of a test of `suiteId` asked for, with its secrets in plain (for the runner
   * only); 400 naming `environment_id` when it is not one of that suite's.
   */
  async forRun(suiteId: string, envId: string): Promise<RunEnvironment> {
    const [row] = isUuid(envId)
      ? await this._db
          .select()
          .from(environments)
          .where(and(eq(environments.id, envId), eq(environments.testSuiteId, suiteId)))
      : [];
    if (!row)
      throw new ValidationError("environment_id is not one of this project's environments", {
        fields: { environment_id: 'unknown' },
      });
    return {
      id: row.id,
      name: row.name,
      origin: environmentOrigin(row.baseUrl) ?? row.baseUrl,
      variables: row.variables,
      secrets: Object.fromEntries(
        Object.entries(row.secretsEncrypted).map(([key, sealed]) => [key, decrypt(sealed, this._secret)]),
      ),
    };
  }

  /** The id of the suite's environment called `name` (exactly, else in any case); 400 naming the others. */
  async idByName(suiteId: string, name: string): Promise<string> {
    const rows = await this._db
      .select({ id: environments.id, name: environments.name })
      .from(environments)
      .where(eq(environments.testSuiteId, suiteId))
      .orderBy(asc(environments.name));
    const found =
      rows.find((row) => row.name === name) ??
      rows.find((row) => row.name.toLowerCase() === name.toLowerCase());
    if (!found)
      throw new ValidationError(
        `The project has no environment "${name.slice(0, 100)}" (it has ${rows.map((row) => row.name).join(', ') || 'none'})`,
        { fields: { environment_name: 'unknown' } },
      );
    return found.id;
  }

  private _seal(secrets: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(secrets).map(([key, value]) => [key, encrypt(value, this._secret)]),
    );
  }

  private async _unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName();
      throw error;
    }
  }

  private async _require(actor: Actor, suiteId: string, envId: string): Promise<EnvironmentRow> {
    await this._testSuites.requireSuite(actor, suiteId);
    if (!isUuid(envId)) throw new NotFoundError('Environment not found');
    const [row] = await this._db
      .select()
      .from(environments)
      .where(and(eq(environments.id, envId), eq(environments.testSuiteId, suiteId)));
    if (!row) throw new NotFoundError('Environment not found');
    return row;
  }
}

function toWire(row: EnvironmentRow): Environment {
  return {
    _id: row.id,
    test_suite_id: row.testSuiteId,
    name: row.name,
    base_url: row.baseUrl,
    variables: row.variables,
    secrets: Object.fromEntries(
      Object.keys(row.secretsEncrypted).map((key) => [key, ENVIRONMENT_MASKED_VALUE]),
    ),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function duplicateName() {
  return new ValidationError('An environment with this name already exists in this project', {
    fields: { name: 'duplicate' },
  });
}

function checkName(value: string | undefined): string {
  const name = value?.trim() ?? '';
  if (!name) throw new ValidationError('Enter a name for the environment', { fields: { name: 'required' } });
  if (name.length > LIMITS.name)
    throw new ValidationError(`Environment names must be at most ${LIMITS.name} characters`, {
      fields: { name: 'too_long' },
    });
  return name;
}

function checkBaseUrl(value: string | undefined): string {
  const url = value?.trim() ?? '';
  if (!url)
    throw new ValidationError('Enter the base URL of the environment', { fields: { base_url: 'required' } });
  if (url.length > LIMITS.baseUrl)
    throw new ValidationError(`Base URLs must be at most ${LIMITS.baseUrl} characters`, {
      fields: { base_url: 'too_long' },
    });
  const origin = environmentOrigin(url);
  if (!origin)
    throw new ValidationError('The base URL must be an http:// or https:// address', {
      fields: { base_url: 'http_or_https_only' },
    });
  return url;
}

function checkEntries(
  field: 'variables' | 'secrets',
  entries: Record<string, string>,
): Record<string, string> {
  const list = Object.entries(entries);
  if (list.length > LIMITS.entries)
    throw new ValidationError(`An environment may have at most ${LIMITS.entries} ${field}`, {
      fields: { [field]: 'too_many' },
    });
  for (const [key, value] of list) {
    if (!isSimpleName(key) || key.length > LIMITS.key)
      throw new ValidationError(
        `"${key.slice(0, 80)}" is not a name: ${field} names are letters, numbers or underscores, at most ${LIMITS.key} characters`,
        { fields: { [field]: 'invalid_name' } },
      );
    if (value.length > LIMITS.value)
      throw new ValidationError(`Values of ${field} must be at most ${LIMITS.value} characters`, {
        fields: { [field]: 'too_long' },
      });
    if (field === 'secrets' && !value)
      throw new ValidationError(`Enter a value for the secret ${key}`, { fields: { secrets: 'required' } });
  }
  return Object.fromEntries(list);
}
