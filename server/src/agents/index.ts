// The agents' API for jobs and benchmarks: planner, coder and verifier behind one generator.
export { Generator, MemoryActionCache, cacheKey, normalizeStepText } from './generator';
export type {
  ActionCache,
  GeneratorHooks,
  GeneratorInput,
  Outcome,
  OutcomeState,
  StepFeedback,
} from './generator';
export { parseStep, parseKey, tokenize } from './grammar';
export { planSteps, splitInstructions, htmlToText, withStartPage } from './planner';
export { createModelSet, ModelSet, rulesModel, describeModelError, type ModelStats } from './models';
export { loadAllPrompts, loadPrompt, parsePrompt, PromptError, AGENT_NAMES } from './prompts';
export { parsePythonStatement, PythonCodeError } from './pythonCode';
