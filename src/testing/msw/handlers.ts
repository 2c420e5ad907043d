import { alertHandlers } from './alerts';
import { apiHandlers } from './api';
import { collectionHandlers } from './collections';
import { dashboardHandlers } from './dashboard';
import { environmentHandlers } from './environments';
import { generationHandlers } from './generation';
import { healingHandlers } from './healing';
import { identityHandlers } from './identity';
import { moduleHandlers } from './modules';
import { retentionHandlers } from './retention';
import { runHandlers } from './runs';
import { scheduleHandlers } from './schedules';
import { sharedParameterHandlers } from './sharedParameters';
import { sharingHandlers } from './sharing';
import { testCaseHandlers } from './testCases';
import { testDataHandlers } from './testData';

export const handlers = [
  ...identityHandlers,
  ...moduleHandlers, // before apiHandlers: its browser-states answer replaces the empty one
  ...apiHandlers,
  ...testCaseHandlers,
  ...generationHandlers,
  ...runHandlers,
  ...dashboardHandlers,
  ...collectionHandlers,
  ...scheduleHandlers,
  ...alertHandlers,
  ...sharedParameterHandlers,
  ...environmentHandlers,
  ...retentionHandlers,
  ...sharingHandlers,
  ...healingHandlers,
  ...testDataHandlers,
];
