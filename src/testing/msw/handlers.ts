import { alertHandlers } from './alerts';
import { apiHandlers } from './api';
import { collectionHandlers } from './collections';
import { dashboardHandlers } from './dashboard';
import { generationHandlers } from './generation';
import { identityHandlers } from './identity';
import { runHandlers } from './runs';
import { scheduleHandlers } from './schedules';
import { testCaseHandlers } from './testCases';

export const handlers = [
  ...identityHandlers,
  ...apiHandlers,
  ...testCaseHandlers,
  ...generationHandlers,
  ...runHandlers,
  ...dashboardHandlers,
  ...collectionHandlers,
  ...scheduleHandlers,
  ...alertHandlers,
];
