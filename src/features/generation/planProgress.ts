// The server sends the length of the generation's plan once the planner made it (generation_plan_length);
// until then the SPA estimates it from the instructions the way the rules planner splits them (one step
// per sentence, plus opening the start page).

function instructionsText(html: string): string {
  return html
    .replace(/<(?:br|hr)\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ');
}

/** About how many steps the instructions make. */
export function estimatePlanLength(instructions: string): number {
  let sentences = 0;
  for (const line of instructionsText(instructions).split(/\r?\n/)) {
    // Quoted text never ends a sentence.
    const unquoted = line.replace(/"[^"]*"|'[^']*'|“[^”]*”/g, 'x').trim();
    if (!unquoted) continue;
    sentences += unquoted.split(/[.!?;]+(?:\s+|$)/).filter((piece) => piece.trim()).length;
  }
  return sentences + 1;
}

export interface PlanProgress {
  /** Steps done. */
  done: number;
  /** The step being generated (1-based). */
  current: number;
  /** Steps expected in all; never fewer than the step being generated. */
  total: number;
  percent: number;
  /** Whether total is the plan's own length or an estimate from the instructions. */
  exact: boolean;
}

export function planProgress(
  instructions: string,
  stepsDone: number,
  planLength: number | null = null,
): PlanProgress {
  const exact = planLength !== null && planLength > stepsDone;
  const total = exact ? planLength : Math.max(estimatePlanLength(instructions), stepsDone + 1);
  return {
    done: stepsDone,
    current: stepsDone + 1,
    total,
    percent: Math.round((stepsDone / total) * 100),
    exact,
  };
}
