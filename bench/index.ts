// `npm run bench`: one JSON line per figure. Builds the SPA first when it is stale.
import { spawnSync } from 'node:child_process';
import { measureAgents } from './agents';
import { measureAgentsParse } from './agentsParse';
import { measureApiUnderLoad } from './apiUnderLoad';
import { measureCollections } from './collections';
import { measureDashboard } from './dashboard';
import { measureGeneration } from './generation';
import { measureGrowth } from './growth';
import { measureHealing } from './healing';
import { measureReplay, measureReplayOverhead, measureRunThroughput } from './replay';
import { measureRunAll } from './runAll';
import { measureScheduler } from './scheduler';
import { measureSpaBundle, type Figure } from './spaBundle';
import { measureStartReady } from './startReady';
import { measureTreeApi } from './treeApi';
import { measureTreeRender } from './treeRender';
import { measureWorkerMemory } from './workerMemory';

function main() {
  const setup = spawnSync('node', ['scripts/setup.mjs', 'bench'], { stdio: 'inherit' });
  if (setup.status !== 0) throw new Error('setup failed');
  const only = process.argv[2];
  const benches: Record<string, () => Figure[] | Promise<Figure[]>> = {
    'spa-bundle': measureSpaBundle,
    'tree-api': measureTreeApi,
    generation: measureGeneration,
    agents: measureAgents,
    // The parse part of `agents` alone: no browser, seconds.
    'agents-parse': measureAgentsParse,
    // `npm run bench replay` runs both; each also runs alone.
    replay: measureReplay,
    'replay-overhead': measureReplayOverhead,
    'run-throughput': measureRunThroughput,
    'tree-render': measureTreeRender,
    dashboard: measureDashboard,
    collections: measureCollections,
    'run-all': measureRunAll,
    scheduler: measureScheduler,
    healing: measureHealing,
    'api-under-load': measureApiUnderLoad,
    'start-ready': measureStartReady,
    'worker-memory': measureWorkerMemory,
    // Issue 34: API p99 at 10,000 and 1,000,000 runs on the machine's Postgres (a throwaway database).
    growth: measureGrowth,
  };
  return Object.entries(benches)
    .filter(([name]) => !only || name === only)
    .reduce(async (previous, [, run]) => {
      await previous;
      for (const figure of await run()) console.log(JSON.stringify(figure));
    }, Promise.resolve());
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
