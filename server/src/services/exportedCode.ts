import { type testCases } from '../db/schema';
import {
  type Action,
  isAction,
  pythonScript,
  rebaseStep,
  referencedNames,
  type ScriptSpec,
  typescriptScript,
  INBOX_VARIABLE,
} from '../runner';
import { type GenerationStep } from '../../../contract/generation';
import { effectiveParameters } from '../../../contract/testCases';
import { type StepsSource } from './testCases';

// Issue 28, "export must be exactly what runs": the code a test exports is written from its stored
// steps and its website as they are now, when it is asked for, never read from a script stored when
// the steps were generated (a Change URL or an accepted healing since would leave that one stale).
// Every way out — the test's final_script on the wire, its export, its project, a collection's
// project, its shared page — goes through exportedSteps.

type TestRow = typeof testCases.$inferSelect;

/**
 * The test's own steps as a run replays them: moved from the website they were generated on onto
 * the test's website now (as runs.ts prepareReplay moves them), module calls kept as calls.
 */
export function exportedSteps(
  test: Pick<TestRow, 'testGenerationSteps' | 'stepsSource' | 'website'>,
): { description: string; action: Action }[] {
  const generatedOn = (test.stepsSource as StepsSource | null)?.website ?? test.website;
  return (test.testGenerationSteps as GenerationStep[])
    .filter((step) => isAction(step.action))
    .map((step) =>
      rebaseStep(
        { description: step.step_description, action: step.action as Action },
        generatedOn,
        test.website,
      ),
    );
}

/** What of a test its exported script is written from. */
export type ExportableTest = Pick<
  TestRow,
  | 'name'
  | 'testGenerationSteps'
  | 'stepsSource'
  | 'website'
  | 'parameters'
  | 'credentials'
  | 'viewportWidth'
  | 'viewportHeight'
  | 'userAgent'
> &
  Partial<Pick<TestRow, 'dataRows'>>;

/**
 * The single-file script's settings: the steps above, the test's variables, and as secrets every
 * `{{name}}` the steps use that is not a variable (a run refuses any other name, so it is a secret).
 * A healing's proposal is written by it too, from the proposed steps, so what a proposal shows is
 * what the test exports once it is accepted.
 */
export function exportedSpec(test: ExportableTest): ScriptSpec {
  const steps = exportedSteps(test);
  const parameters = effectiveParameters(test.parameters, test.credentials);
  const used = new Set(steps.flatMap((step) => referencedNames(JSON.stringify(step.action))));
  return {
    name: test.name,
    steps,
    parameters,
    // `{{inbox}}` is the run's own test inbox (issue 32): the exported file makes its own (emailCode.ts).
    secretNames: [...used].filter((name) => !(name in parameters) && name !== INBOX_VARIABLE).sort(),
    viewport: { width: test.viewportWidth, height: test.viewportHeight },
    userAgent: test.userAgent,
    // Issue 33: a `for` over the test's data table.
    ...(test.dataRows?.length ? { dataRows: test.dataRows } : {}),
  };
}

/** final_script and final_script_py as a test exports them now; null while it has no script. */
export function exportedScripts(test: TestRow): { typescript: string; python: string } | null {
  // A script exists once a generation passed or was marked complete (or a failed one restored it).
  if (test.finalScript === null && test.finalScriptPy === null) return null;
  const spec = exportedSpec(test);
  return { typescript: typescriptScript(spec), python: pythonScript(spec) };
}
