import { pythonFileName, scriptFileName, typescriptFileName } from './exportScript';

describe('export file names', () => {
  it('names a TypeScript export as a Playwright Test spec', () => {
    expect(typescriptFileName('Pay by card!')).toBe('pay-by-card.spec.ts');
    expect(typescriptFileName('Crème brûlée — order #2')).toBe('creme-brulee-order-2.spec.ts');
    expect(typescriptFileName('***')).toBe('test.spec.ts');
  });

  it('names a Python export so pytest collects it', () => {
    expect(pythonFileName('Pay by card!')).toBe('test_pay_by_card.py');
    expect(pythonFileName('')).toBe('test_generated.py');
  });

  it('picks the name by language', () => {
    expect(scriptFileName('Add a todo', 'typescript')).toBe('add-a-todo.spec.ts');
    expect(scriptFileName('Add a todo', 'python')).toBe('test_add_a_todo.py');
  });
});
