import { deniedMessage } from './permissions';

// What the server and the SPA say about modules and browser states, and their limits: plain values, no
// TypeBox, so the SPA's first chunk can import them (contract/modules.ts re-exports them).

export const MODULE_MESSAGES = {
  dataRequired: 'Module data is required',
  nameTaken: 'A module with this name already exists in this project',
  notFound: 'Module not found',
  testCaseRequired: 'Choose the test case this module is made from',
  scriptRequired: 'Paste the Python script this module runs',
  unsafe: 'Looks like you provided an unsafe code.',
  /** Followed by the names of the tests that use it. */
  inUse: 'This module is used by other tests and cannot be deleted',
  approveForbidden: deniedMessage('approveModules'),
  notApproved: 'The Python script of this module has not been approved yet',
  fetchFailed: 'Failed to fetch modules',
  createFailed: 'Failed to create module',
  renameFailed: 'Failed to rename module',
  updateFailed: 'Failed to update module',
  deleteFailed: 'Failed to delete module',
} as const;

/** What the server and the SPA say about saved browser states (issue 13; issue 28 added the last ones). */
export const BROWSER_STATE_MESSAGES = {
  fetchFailed: 'Failed to fetch browser states',
  dataRequired: 'Browser state data is required',
  nameTaken: 'A browser state with this name already exists in this project',
  moduleTaken: 'This module already saves a browser state',
  notFound: 'Browser state not found',
  writeForbidden: deniedMessage('writeBrowserStates'),
  createFailed: 'Failed to create browser state',
  refreshFailed: 'Failed to refresh browser state',
  deleteFailed: 'Failed to delete browser state',
} as const;

export const MODULE_LIMITS = { name: 200, script: 100_000 } as const;
