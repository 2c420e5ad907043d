import { seedFolder, seedSuite, seedTestCase, type DbSuite, type DbTestCase } from './msw/db';
import { signInAsMemberOf } from './session';

/** A signed-in person with a 'Shop' suite of folders and tests in every status (for stories and demos). */
export function seedShopSuite(size: 'small' | 'large' = 'small'): { suite: DbSuite; tests: DbTestCase[] } {
  const { organization } = signInAsMemberOf('Acme');
  const suite = seedSuite(organization.org_id, 'Shop');
  seedFolder(suite.test_suite_id, 'checkout/cards');
  seedFolder(suite.test_suite_id, 'search');
  seedFolder(suite.test_suite_id, 'archive');
  const tests = [
    seedTestCase(suite, {
      name: 'Pay by card',
      path: 'checkout/cards',
      state: 'passed',
      latest_run_status: 'passed',
      latest_run_time: '2026-02-01T09:30:00.000Z',
      collection_ids: ['nightly'],
      description:
        '<p>Add the red mug to the cart, pay by card as <code>{{user}}</code> and check the receipt.</p>',
      parameters: { user: 'ada@example.com' },
    }),
    seedTestCase(suite, { name: 'Apply a coupon', path: 'checkout', state: 'running' }),
    seedTestCase(suite, {
      name: 'Search for mugs',
      path: 'search',
      state: 'completed',
      latest_run_status: 'failed',
      latest_run_time: '2026-02-02T18:05:00.000Z',
    }),
    seedTestCase(suite, { name: 'Search with no results', path: 'search', state: 'error' }),
    seedTestCase(suite, { name: 'Home page loads', state: 'created' }),
  ];
  if (size === 'large')
    for (let index = 0; index < 10_000; index++)
      seedTestCase(suite, {
        name: `Checks behaviour number ${index} of the shop`,
        path: `area_${index % 20}/feature_${index % 9}`,
      });
  return { suite, tests };
}
