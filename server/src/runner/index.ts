// The runner's API: agents, jobs and services reach the browser only through this module.
export {
  type Action,
  type ActionKind,
  type Assertion,
  type LocatorSpec,
  type ScrollTo,
  type Target,
  describeAction,
  describeTarget,
  isAction,
  ordinalWord,
  targetOf,
} from './actions';
export {
  BrowserNotInstalledError,
  BrowserPool,
  ExecutorUnavailableError,
  type BrowserPoolOptions,
} from './browser';
export { type Candidate, type PageChange, type PageSnapshot } from './candidates';
export {
  actionCode,
  envName,
  isOnSite,
  locatorCode,
  moduleFunctionName,
  pythonScript,
  typescriptScript,
  type Language,
  type ScriptSpec,
  type ScriptStep,
} from './codegen';
export { calendarDate } from './calendar';
export { messageOf } from './execute';
export { describeMail, emailEvidence, type EmailEvidence, type InboxMail, type InboxPort } from './email';
export { INBOX_VARIABLE } from './emailCode';
export { isOptional, OPTIONAL_WAIT_MS, type OptionalClick, optionalNote, optionalShown } from './optional';
export {
  RunnerSession,
  type ElementBox,
  type ExecutionResult,
  type LocatorOptions,
  type SessionOptions,
  type StorageState,
} from './session';
export { type ProcessedTrace, type TraceCall } from './trace';
export {
  hasReferences,
  hideSecrets,
  maskSecrets,
  referencedNames,
  SECRET_MASK,
  substitute,
  UnknownValueError,
  usesSecret,
  type RunValues,
} from './values';
export { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
export {
  collectionProject,
  onBaseUrl,
  fileSlug,
  pythonProject,
  pythonTestFileName,
  typescriptProject,
  type CollectionExport,
  type ExportEnvironment,
  type ModuleScript,
  type ProjectFile,
  type ProjectSpec,
} from './projects';
export {
  explainFailure,
  missingValue,
  rebaseAction,
  rebaseStep,
  rebaseText,
  rebaseUrl,
  replay,
  screenshotFailure,
  type ReplayHooks,
  type ReplayOptions,
  type ReplayOutcome,
  type ReplayStep,
  type ReplayStepResult,
  type StepError,
} from './replay';
export { RunLog, type LogLevel, type LogSource } from './runLog';
export { refuseWebsite, type TestTargets } from './targetGuard';
