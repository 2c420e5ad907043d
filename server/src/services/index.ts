import { type Config } from '../config';
import { type Db } from '../db/client';
import { InboxService } from '../inbox/service';
import { type QueuePort } from '../tracking/queue';
import { type EventBus } from '../realtime/bus';
import { LocalArtifactStorage, UrlSigner } from '../storage';
import { launchableBrowsers } from '../runner/browser';
import { AlertService } from './alerts';
import { ArtifactService } from './artifacts';
import { BrowserStateService } from './browserStates';
import { CollectionService } from './collections';
import { CollectionExportService } from './collectionExport';
import { DashboardService } from './dashboard';
import { EnvironmentService } from './environments';
import { GenerationService } from './generation';
import { HealingService } from './healing';
import { MailService } from './mail';
import { ModuleService } from './modules';
import { ModuleSteps } from './moduleSteps';
import { OrganizationService } from './organizations';
import { PermissionService } from './permissions';
import { RetentionService } from './retention';
import { RunService } from './runs';
import { ScheduleService } from './schedules';
import { getOrCreateSecret } from './serverSecrets';
import { SharedParameterService } from './sharedParameters';
import { SharingService } from './sharing';
import { TestCaseService } from './testCases';
import { TestFolderService } from './testFolders';
import { TestSuiteService } from './testSuites';
import { QuarantineService } from './quarantine';
import { TestDataService } from './testData';
import { UserDirectory } from './users';

export interface Services {
  mail: MailService;
  /** The test inbox (issue 32): e-mail applications under test send to a run's `{{inbox}}` address. */
  inbox: InboxService;
  users: UserDirectory;
  organizations: OrganizationService;
  /** Roles against the permission table (issue 27). */
  permissions: PermissionService;
  testSuites: TestSuiteService;
  testCases: TestCaseService;
  testFolders: TestFolderService;
  sharedParameters: SharedParameterService;
  /** A project's named environments (issue 33). */
  environments: EnvironmentService;
  modules: ModuleService;
  artifacts: ArtifactService;
  generation: GenerationService;
  runs: RunService;
  collections: CollectionService;
  /** A collection as a Playwright Test project (issue 15). */
  collectionExport: CollectionExportService;
  schedules: ScheduleService;
  alerts: AlertService;
  dashboard: DashboardService;
  /** Flaky tests put aside (issue 33). */
  quarantine: QuarantineService;
  testData: TestDataService;
  /** Shared links and their badges (issue 15). */
  sharing: SharingService;
  browserStates: BrowserStateService;
  /** Modules at run time and in exports (issue 13). */
  moduleSteps: ModuleSteps;
  /** Healings of failed runs (issue 14). */
  healing: HealingService;
  /** How long projects keep their runs, the pass that deletes older ones, and the disk used (issue 34). */
  retention: RetentionService;
  /** Generation and run events (LISTEN/NOTIFY): the live socket listens, services publish. */
  events: EventBus;
}

/** Events that go nowhere (a container built without a database to notify through). */
const SILENT_BUS: EventBus = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  publishJobQueued: async () => undefined,
  onJobQueued: () => () => undefined,
  close: async () => undefined,
};

export async function createServices(
  config: Config,
  db: Db,
  queue: QueuePort | null,
  events: EventBus = SILENT_BUS,
): Promise<Services> {
  const secret = config.appSecret ?? (await getOrCreateSecret(db, 'app_secret'));
  const mail = new MailService(db, queue, config.smtpUrl, config.mailFrom);
  const organizations = new OrganizationService(db, mail, config, secret);
  const testSuites = new TestSuiteService(db, organizations);
  const storage = new LocalArtifactStorage(config.generation.artifactsDir);
  const artifacts = new ArtifactService(
    db,
    storage,
    new UrlSigner(secret, config.generation.artifactUrlTtlSeconds),
  );
  // Test cases start generation, which is built on them: the port reaches it when a request calls.
  const testCases: TestCaseService = new TestCaseService(db, testSuites, config.generation.testTargets, {
    startGeneration: (actor, ids): Promise<void> => generation.start(actor, ids),
    copyArtifacts: (from, to, ids) => artifacts.copyToTest(from, to, ids),
  });
  const sharedParameters = new SharedParameterService(db, testSuites, secret);
  const browserStates = new BrowserStateService(db, testSuites, secret);
  const environments = new EnvironmentService(db, testSuites, secret);
  const moduleSteps = new ModuleSteps(db, browserStates, testCases, sharedParameters);
  const inbox = new InboxService(db, config.inbox.domain);
  const generation: GenerationService = new GenerationService(
    db,
    queue,
    events,
    testCases,
    sharedParameters,
    artifacts,
    config.generation,
    moduleSteps,
    inbox,
  );
  const runs = new RunService(
    db,
    queue,
    events,
    testCases,
    sharedParameters,
    artifacts,
    config.generation,
    moduleSteps,
    inbox,
    environments,
  );
  const schedules = new ScheduleService(db, queue, testCases, runs);
  const collections = new CollectionService(db, testSuites, runs, schedules, () =>
    launchableBrowsers(config.generation.browserWsEndpoint),
  );
  const alerts = new AlertService(
    db,
    queue,
    mail,
    collections,
    secret,
    config.generation.testTargets,
    config.publicUrl,
  );
  // A run that ends may end its collection's group, which may alert (issue 12).
  runs.onEnded((row) => alerts.runEnded(row));
  const healing = new HealingService(
    db,
    queue,
    testCases,
    testSuites,
    collections,
    sharedParameters,
    artifacts,
    config.generation,
    moduleSteps,
    events,
    inbox,
    environments,
  );
  // A failed run of a suite that heals automatically gets a healing (issue 14).
  runs.onEnded((row) => healing.runEnded(row));
  return {
    inbox,
    mail,
    users: new UserDirectory(db),
    organizations,
    permissions: new PermissionService(db),
    testSuites,
    testCases,
    testFolders: new TestFolderService(db, testSuites),
    sharedParameters,
    environments,
    modules: new ModuleService(db, testSuites),
    artifacts,
    generation,
    runs,
    collections,
    collectionExport: new CollectionExportService(db, collections, moduleSteps, sharedParameters),
    schedules,
    alerts,
    dashboard: new DashboardService(db, testSuites),
    quarantine: new QuarantineService(db, testCases, testSuites),
    testData: new TestDataService(db, testCases),
    sharing: new SharingService(db, testCases, artifacts),
    browserStates,
    moduleSteps,
    healing,
    retention: new RetentionService(db, testSuites, storage),
    events,
  };
}
