import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { type Db } from '../db/client';
import { organizationMembers, testSuites } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { isUuid, trimmed } from '../lib/validate';
import { SUITE_NAME_MAX, type TestSuite } from '../../../contract/testSuites';
import { type Actor } from './actor';
import { type OrganizationService } from './organizations';

type SuiteRow = typeof testSuites.$inferSelect;

export class TestSuiteService {
  constructor(
    private readonly _db: Db,
    private readonly _organizations: OrganizationService,
  ) {}

  async list(actor: Actor, orgId: string): Promise<TestSuite[]> {
    await this._organizations.requireMembership(actor, orgId);
    const rows = await this._db
      .select()
      .from(testSuites)
      .where(eq(testSuites.orgId, orgId))
      .orderBy(asc(testSuites.createdAt));
    return rows.map(toWire);
  }

  async create(
    actor: Actor,
    input: { name?: unknown; org_id?: unknown },
  ): Promise<{ test_suite_id: string }> {
    const name = trimmed(input.name);
    const orgId = trimmed(input.org_id);
    if (!name || !orgId)
      throw new ValidationError('Name and organization ID are required', {
        fields: missing({ name, org_id: orgId }),
      });
    checkLength(name);
    await this._organizations.requireMembership(actor, orgId);
    const [row] = await this._db.insert(testSuites).values({ orgId, name }).onConflictDoNothing().returning();
    if (!row) throw new ConflictError('A test suite with this name already exists');
    return { test_suite_id: row.id };
  }

  async rename(actor: Actor, id: string, newName: unknown): Promise<TestSuite> {
    const name = trimmed(newName);
    if (!trimmed(id) || !name)
      throw new ValidationError('Test suite ID and new name are required', {
        fields: missing({ id: trimmed(id), new_name: name }),
      });
    checkLength(name);
    await this.requireSuite(actor, id);
    try {
      const [row] = await this._db
        .update(testSuites)
        .set({ name, updatedAt: new Date() })
        .where(eq(testSuites.id, id))
        .returning();
      if (!row) throw new NotFoundError('Test suite not found');
      return toWire(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A test suite with this name already exists');
      throw error;
    }
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (!trimmed(id)) throw new ValidationError('Test suite ID is required');
    await this.requireSuite(actor, id);
    await this._db.delete(testSuites).where(eq(testSuites.id, id));
  }

  /** The suite if the caller belongs to its organization; otherwise 'Test suite not found'. */
  async requireSuite(actor: Actor, id: string): Promise<SuiteRow> {
    if (!isUuid(id)) throw new NotFoundError('Test suite not found');
    const [row] = await this._db
      .select({ suite: testSuites })
      .from(testSuites)
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testSuites.id, id));
    if (!row) throw new NotFoundError('Test suite not found');
    return row.suite;
  }
}

function toWire(row: SuiteRow): TestSuite {
  return {
    test_suite_id: row.id,
    name: row.name,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
  };
}

function checkLength(name: string) {
  if (name.length > SUITE_NAME_MAX)
    throw new ValidationError(`Name must be at most ${SUITE_NAME_MAX} characters`, {
      fields: { name: 'too_long' },
    });
}

function missing(fields: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => !value)
      .map(([key]) => [key, 'required']),
  );
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * The join condition of a prepared statement's access check: the organization member whose user is
 * the statement's `userId` placeholder, in the organization of `orgId`.
 */
export function placeholderMemberOf(orgId: typeof testSuites.orgId): SQL {
  return and(
    eq(organizationMembers.orgId, orgId),
    eq(organizationMembers.userId, sql.placeholder('userId')),
  )!;
}
