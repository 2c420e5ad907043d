import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { TestCase } from '../../tests/api';
import { selectMonitoring } from '../selectors';
import { monitoringStarted, monitoringStopped } from '../slice';
import { isGenerating } from '../types';
import { useIsGenerating } from '../useIsGenerating';
import { FinalMessage } from './FinalMessage';
import { GenerationProgress } from './GenerationProgress';
import { StepsOutOfDate } from './StepsOutOfDate';
import { StepsPanel } from './StepsPanel';

/** Watches the test live while it generates; leaving the page stops the watch. */
function useGenerationMonitoring(testId: string, generating: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!generating) return;
    dispatch(monitoringStarted({ testId }));
    return () => {
      dispatch(monitoringStopped({ testId }));
    };
  }, [dispatch, testId, generating]);
}

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
  const monitoring = useAppSelector(selectMonitoring);
  useGenerationMonitoring(test.id, generating);
  return (
    <>
      {generating ? (
        <GenerationProgress
          state={isGenerating(test.state) ? test.state : 'pending'}
          instructions={test.description}
          planLength={test.planLength}
          stepsDone={test.testGenerationSteps.length}
          monitoring={monitoring.testId === test.id ? monitoring.status : 'idle'}
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
