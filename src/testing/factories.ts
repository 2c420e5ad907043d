import type { Organization, OrganizationUser } from '../features/organizations/api';
import type { TestSuite } from '../features/suites/api';

export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-1',
    name: 'Acme',
    createdAt: '2026-01-01T12:00:00.000Z',
    cjToken: null,
    serviceAccountKey: 'sak_acme_1',
    organizationSettings: {},
    role: 'admin',
    expert: false,
    ...overrides,
  };
}

export function buildSuite(overrides: Partial<TestSuite> = {}): TestSuite {
  return {
    id: 'suite-1',
    name: 'Checkout',
    organizationId: 'org-1',
    createdAt: '2026-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function buildOrganizationUser(overrides: Partial<OrganizationUser> = {}): OrganizationUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    role: 'admin',
    expert: false,
    status: 'active',
    createdAt: '2026-01-01T12:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}
