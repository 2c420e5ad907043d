import { mixed, object, string } from 'yup';
import { t } from '../../config/locale';
import { messages } from './messages';
import { MODULE_LIMITS, MODULE_MESSAGES, type ModuleType } from './types';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A module's name: required (SPEC §5 'Module data is required'), at most 200, unique in the project. */
const moduleName = (takenNames: readonly string[]) =>
  string()
    .trim()
    .required(MODULE_MESSAGES.dataRequired)
    .max(MODULE_LIMITS.name, t.validation.maxLength(MODULE_LIMITS.name))
    .test('unique', MODULE_MESSAGES.nameTaken, (name) => !takenNames.some((taken) => sameName(taken, name)));

const script = string()
  .required(MODULE_MESSAGES.scriptRequired)
  .test('not-blank', MODULE_MESSAGES.scriptRequired, (value) => value.trim().length > 0)
  .max(MODULE_LIMITS.script, t.validation.maxLength(MODULE_LIMITS.script));

export interface CreateModuleValues {
  name: string;
  moduleType: ModuleType;
  testCaseId: string;
  script: string;
}

export const createModuleSchema = (takenNames: readonly string[]) =>
  object({
    name: moduleName(takenNames),
    moduleType: mixed<ModuleType>().oneOf(['test_case', 'python_script']).required(),
    testCaseId: string().when('moduleType', {
      is: 'test_case',
      then: (field) => field.required(MODULE_MESSAGES.testCaseRequired),
      otherwise: (field) => field.optional(),
    }),
    script: string().when('moduleType', {
      is: 'python_script',
      then: () => script,
      otherwise: (field) => field.optional(),
    }),
  });

export const renameModuleSchema = (takenNames: readonly string[]) => object({ name: moduleName(takenNames) });

export const editScriptSchema = object({ script });

export interface CreateBrowserStateValues {
  name: string;
  moduleId: string;
}

/** A browser state: a name unique in the project (SPEC §5-style sentences) and the module that saves it. */
export const createBrowserStateSchema = (takenNames: readonly string[]) =>
  object({
    name: string()
      .trim()
      .required(messages.browserState.dataRequired)
      .max(MODULE_LIMITS.name, t.validation.maxLength(MODULE_LIMITS.name))
      .test(
        'unique',
        messages.browserState.nameTaken,
        (name) => !takenNames.some((taken) => sameName(taken, name)),
      ),
    moduleId: string().required(messages.browserState.moduleRequired),
  });
