// A jest reporter that prints the slowest suites of a run, slowest first, with their share of the
// whole: what CI spends its time on, at the end of every log (SUITE_TIMES=all prints every suite).
import path from 'node:path';

class SuiteTimes {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((suite) => ({
        file: path.relative(this.root, suite.testFilePath),
        seconds: (suite.perfStats.end - suite.perfStats.start) / 1000,
        tests: suite.numPassingTests + suite.numFailingTests,
      }))
      .filter((suite) => Number.isFinite(suite.seconds))
      .sort((a, b) => b.seconds - a.seconds);
    const total = suites.reduce((sum, suite) => sum + suite.seconds, 0);
    const shown = process.env.SUITE_TIMES === 'all' ? suites : suites.slice(0, 15);
    const lines = shown.map(
      (suite) =>
        `${suite.seconds.toFixed(1).padStart(7)} s ${((100 * suite.seconds) / (total || 1)).toFixed(0).padStart(3)} %  ${suite.file} (${suite.tests} tests)`,
    );
    console.log(
      `\nSuite times (${suites.length} suites, ${total.toFixed(0)} s of suite time; the ${shown.length} slowest):\n${lines.join('\n')}\n`,
    );
  }
}

export default SuiteTimes;
