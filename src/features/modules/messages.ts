import { BROWSER_STATE_MESSAGES, MODULE_MESSAGES } from '../../../contract/modules';

// What the module screens say; contract/modules.ts has the sentences the server shares (SPEC §5, §8).
export const messages = {
  ...MODULE_MESSAGES,
  createFailed: `${MODULE_MESSAGES.createFailed}. Please try again.`,
  renameFailed: `${MODULE_MESSAGES.renameFailed}. Please try again.`,
  updateFailed: `${MODULE_MESSAGES.updateFailed}. Please try again.`,
  deleteFailed: `${MODULE_MESSAGES.deleteFailed}. Please try again.`,
  approveFailed: 'Failed to approve module. Please try again.',
  withdrawFailed: 'Failed to withdraw the approval. Please try again.',
  /** SPEC §8, where one module is loaded (a test's setup module); the list says 'Failed to fetch modules'. */
  fetchOneFailed: 'Failed to fetch module',
  browserStatesFailed: BROWSER_STATE_MESSAGES.fetchFailed,
  // Issue 28: browser states are made, refreshed and deleted on the Modules page.
  browserState: {
    ...BROWSER_STATE_MESSAGES,
    moduleRequired: 'Choose the module whose runs save this state',
    createFailed: `${BROWSER_STATE_MESSAGES.createFailed}. Please try again.`,
    refreshFailed: `${BROWSER_STATE_MESSAGES.refreshFailed}. Please try again.`,
    deleteFailed: `${BROWSER_STATE_MESSAGES.deleteFailed}. Please try again.`,
    created: 'Browser state created: the next green run of its module saves it',
    refreshed: 'Browser state refreshed: the next run of its module saves it again',
    deleted: 'Browser state deleted',
  },
  created: 'Module created',
  renamed: 'Module renamed',
  updated: 'Module updated',
  deleted: 'Module deleted',
  approved: 'Script approved: tests that use this module can run it',
  withdrawn: 'Approval withdrawn: the script no longer runs',
  inUseTitle: 'This module is in use',
  scriptEditWithdraws:
    'Saving a changed script withdraws its approval: tests that use this module cannot run until an expert or an admin approves it again.',
} as const;

/** The Python subset a script module may use; anything else is refused as unsafe (issue 13). */
export const supportedSubset = [
  'page.goto(url)',
  'page.get_by_role / get_by_text / get_by_label / get_by_placeholder / get_by_alt_text / get_by_title / get_by_test_id / locator, and chains of them (.first, .last, .nth(i), .filter(…))',
  'actions: click, dblclick, fill, press, type, check, uncheck, select_option, hover, focus, clear',
  'expect(…).to_be_visible / to_be_hidden / to_have_text / to_contain_text / to_have_value / to_have_url / to_have_title',
  '{{parameter}} in strings, for variables and secrets',
] as const;

export const exampleScript = `from playwright.sync_api import Page, expect


def sign_in_as_admin(page: Page) -> None:
    page.goto("https://shop.example/login")
    page.get_by_label("Email").fill("{{admin_email}}")
    page.get_by_label("Password").fill("{{admin_password}}")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Welcome back")).to_be_visible()
`;
