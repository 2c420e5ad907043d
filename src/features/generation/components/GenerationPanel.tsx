import { useWatch, type WatchStatus } from '../../monitoring/api';
import type { TestCase } from '../../tests/api';
import { isGenerating, type MonitoringStatus } from '../types';
import { useIsGenerating } from '../useIsGenerating';
import { FinalMessage } from './FinalMessage';
import { GenerationProgress } from './GenerationProgress';
import { StepsOutOfDate } from './StepsOutOfDate';
import { StepsPanel } from './StepsPanel';

/** What the progress line says of the live watch: nothing once it failed (SPEC §4: errors reset the flag). */
const liveStatus = (status: WatchStatus | undefined): MonitoringStatus =>
  !status || status === 'failed' ? 'idle' : status;

interface GenerationPanelProps {
  test: TestCase;
  /**
   * Why the person may not correct steps or regenerate (issue 27: a viewer, generateTests), or null:
   * Edit step, Use this attempt, pointing at a screenshot and Regenerate are then off.
   */
  locked?: string | null;
}

/** The test page's Steps section: progress while generating, the last generation's word, the steps. */
export function GenerationPanel({ test, locked = null }: GenerationPanelProps) {
  const generating = useIsGenerating(test);
  // Watches the test live while it generates; leaving the page stops the watch.
  const watch = useWatch('generation', test.id, generating);
  return (
    <>
      {generating ? (
        <GenerationProgress
          state={isGenerating(test.state) ? test.state : 'pending'}
          instructions={test.description}
          planLength={test.planLength}
          stepsDone={test.testGenerationSteps.length}
          monitoring={liveStatus(watch?.status)}
        />
      ) : (
        <>
          <FinalMessage
            state={test.state}
            message={test.finalMessage}
            instructionsWithoutSteps={test.instructionsWithoutSteps}
          />
          {test.stepsOutOfDate && <StepsOutOfDate test={test} locked={locked} />}
        </>
      )}
      <StepsPanel test={test} generating={generating} locked={locked} />
    </>
  );
}
