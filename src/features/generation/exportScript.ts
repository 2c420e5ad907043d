// Export of a generated test (SPEC §3 final_script / final_script_py) as files people keep in a repo.

export type ScriptLanguage = 'typescript' | 'python';

function words(name: string): string[] {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** 'Pay by card!' → 'pay-by-card.spec.ts' (Playwright Test's convention). */
export const typescriptFileName = (name: string) => `${words(name).join('-') || 'test'}.spec.ts`;

/** 'Pay by card!' → 'test_pay_by_card.py' (pytest collects test_*.py). */
export const pythonFileName = (name: string) => `test_${words(name).join('_') || 'generated'}.py`;

export const scriptFileName = (name: string, language: ScriptLanguage) =>
  language === 'typescript' ? typescriptFileName(name) : pythonFileName(name);

export { downloadBlob, downloadText } from '../../lib/download';

/** '{ kind: "module" }' steps, a setup module or a browser state: the test exports as a project (issue 13). */
export function needsProject(test: {
  testModuleIdForSetup: string | null;
  browserStateId: string | null;
  testGenerationSteps: unknown[];
}): boolean {
  return (
    Boolean(test.testModuleIdForSetup || test.browserStateId) ||
    test.testGenerationSteps.some(
      (step) => (step as { action?: { kind?: unknown } } | null)?.action?.kind === 'module',
    )
  );
}

/** 'Pay by card!' → 'pay-by-card-playwright.zip' (TypeScript) or 'pay-by-card-pytest.zip' (Python). */
export const projectFileName = (name: string, language: ScriptLanguage = 'typescript') =>
  `${words(name).join('-') || 'test'}-${language === 'python' ? 'pytest' : 'playwright'}.zip`;
