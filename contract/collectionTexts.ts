// What the server and the SPA say about collections, and their limits: plain values, no TypeBox, so the
// SPA's first chunk (its sagas and slices) can import them (contract/collections.ts re-exports them).

export const COLLECTION_MESSAGES = {
  idRequired: 'Test collection ID is required',
  notFound: 'Test collection not found',
  nameRequired: 'Name and test suite ID are required',
  nameTaken: 'A test collection with this name already exists in this project',
  noTests: 'This test collection has no linked tests to run',
  fetchAllFailed: 'Failed to fetch test collections',
  fetchFailed: 'Failed to fetch test collection',
  createFailed: 'Failed to create test collection',
  updateFailed: 'Failed to update test collection',
  deleteFailed: 'Failed to delete test collection',
  runFailed: 'Failed to create test collection run',
} as const;

/** SPEC §3/§9: run groups of one reading, and the recent-runs store's page. */
export const COLLECTION_LIMITS = {
  name: 200,
  linkedTests: 1000,
  defaultGroups: 10,
  linkedRunsLimit: 20,
  linkedRunsLimitMax: 100,
  storePageSize: 15,
} as const;
