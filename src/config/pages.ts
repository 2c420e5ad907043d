/**
 * One name per thing (issue 11): a suite is a "project" on screen, its collections are "test suites",
 * its test cases "tests". Each page's title is also its breadcrumb and its document title, and its
 * description is the one-line subtitle under the title.
 */
export const pages = {
  dashboard: { title: 'Dashboard' },
  tests: {
    title: 'Tests',
    description: (project: string | null) =>
      project
        ? `The tests of the project ${project}: browser tests written in plain words, in folders.`
        : 'Browser tests written in plain words, in folders. Each project has its own.',
  },
  test: {
    /** Shown in the breadcrumb while the test loads, instead of its id. */
    loading: '…',
    notFound: 'Test not found',
    /** The test could not be loaded for another reason. */
    unavailable: 'Test',
  },
  testRuns: { title: 'Runs' },
  collections: {
    title: 'Test suites',
    description: "Groups of the project's tests that run together, on demand or on a schedule.",
    empty: 'No test suites yet',
  },
  collection: {
    title: 'Test suite',
    description: 'A group of tests that run together: its tests, recent runs and schedule.',
    empty: 'Test suite details are not available yet',
  },
  secrets: {
    title: 'Secrets',
    description:
      "Shared parameters: passwords and other values the project's tests use without showing them.",
    empty: 'No secrets yet',
  },
  integrations: {
    title: 'Integrations',
    description: "Run the project's tests from your CI workflow.",
    empty: 'No integrations yet',
  },
  modules: {
    title: 'Modules',
    description: "Reusable steps the project's tests share, made from a test or a script.",
    empty: 'No modules yet',
  },
  styles: {
    title: 'Styles',
    description: 'Palette, typography, buttons, inputs and chips in both themes.',
  },
  settings: {
    title: 'Settings',
    description: (organization: string | null) =>
      organization
        ? `The organization ${organization}: its service account key and team.`
        : "Your organization's service account key and team.",
  },
  projectSettings: {
    title: 'Project settings',
    description: (organization: string | null) =>
      `The projects of ${organization ?? 'your organization'}: each holds its own tests and test suites.`,
  },
} as const;
