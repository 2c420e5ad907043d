import type { GenerationStep } from '../../contract/generation';
import type { GenerationState } from '../../contract/states';
import { seedSuite, seedTestCase, type DbTestCase } from './msw/db';
import { signInAsMemberOf } from './session';

/** A generation step as the server sends it (contract/generation.ts), with plausible values. */
export function buildStep(index: number, overrides: Partial<GenerationStep> = {}): GenerationStep {
  const description = overrides.step_description ?? `Step number ${index + 1}`;
  return {
    step_index: index,
    planner_message: `Next: ${description.toLowerCase()}`,
    action_name: description,
    step_description: description,
    cost: 0,
    generated_code: `await page.getByRole('button', { name: 'Step ${index + 1}' }).click();`,
    generated_code_ts: `await page.getByRole('button', { name: 'Step ${index + 1}' }).click();`,
    generated_code_py: `page.get_by_role("button", name="Step ${index + 1}").click()`,
    execution_succeded: true,
    screenshot_id: `shot-${index + 1}`,
    before_screenshot_id: index === 0 ? null : `shot-${index}`,
    unsuccessful_code_attempts: [],
    cached_action_id: null,
    trace: [],
    trace_zip_path: 'trace-1',
    user_feedback: null,
    verification: { passed: true, message: 'The step did what it said' },
    model: 'rules',
    model_fallback: null,
    usage: { input_tokens: 0, output_tokens: 0, model_calls: 0 },
    action: { kind: 'click' },
    target_box: null,
    url: 'https://todo.example/',
    duration_ms: 420,
    ...overrides,
  };
}

/** The steps of 'add a todo and check it is listed' on the todo fixture site. */
export function todoSteps(): GenerationStep[] {
  return [
    buildStep(0, {
      step_description: 'Open https://todo.example/',
      action_name: 'Go to https://todo.example/',
      generated_code: "await page.goto('https://todo.example/');",
      generated_code_ts: "await page.goto('https://todo.example/');",
      generated_code_py: 'page.goto("https://todo.example/")',
    }),
    buildStep(1, {
      step_description: 'Type "Buy milk" into the new todo field',
      action_name: 'Fill "Buy milk" into the textbox "What needs to be done?"',
      planner_message: 'Type the todo into the new todo field at the top of the list.',
      generated_code: "await page.getByPlaceholder('What needs to be done?').fill('Buy milk');",
      generated_code_ts: "await page.getByPlaceholder('What needs to be done?').fill('Buy milk');",
      generated_code_py: 'page.get_by_placeholder("What needs to be done?").fill("Buy milk")',
      cost: 0.0012,
      model: 'openai:gpt-4o-mini',
      unsuccessful_code_attempts: [
        {
          attempted_code: "await page.getByLabel('New todo').fill('Buy milk');",
          language: 'typescript',
          execution_succeeded: false,
          user_visible_error: {
            message: 'No element is labelled "New todo"',
            error_type: 'element_not_found',
          },
          action: { kind: 'fill' },
        },
      ],
    }),
    buildStep(2, {
      step_description: 'Press Enter',
      action_name: 'Press Enter',
      generated_code: "await page.getByPlaceholder('What needs to be done?').press('Enter');",
      cached_action_id: 'cache-1',
    }),
    buildStep(3, {
      step_description: 'Verify "Buy milk" is listed',
      action_name: 'Expect the text "Buy milk" to be visible',
      generated_code: "await expect(page.getByText('Buy milk')).toBeVisible();",
    }),
  ];
}

/** A signed-in person with a todo test in the given generation state (steps as given). */
export function seedTodoTest(
  state: GenerationState,
  steps: GenerationStep[] = todoSteps(),
  overrides: Partial<DbTestCase> = {},
) {
  const { organization, person } = signInAsMemberOf('Acme');
  const suite = seedSuite(organization.org_id, 'Todo');
  const passed = state === 'passed' || state === 'completed';
  const test = seedTestCase(suite, {
    name: 'Add a todo',
    website: 'https://todo.example/',
    description: '<p>Add a todo called "Buy milk". Verify "Buy milk" is listed.</p>',
    state,
    test_generation_steps: steps,
    final_script: passed ? "test('Add a todo', async ({ page }) => {\n  // …\n});\n" : null,
    final_script_py: passed ? 'def test_add_a_todo(page):\n    ...\n' : null,
    ...overrides,
  });
  return { organization, person, suite, test };
}
