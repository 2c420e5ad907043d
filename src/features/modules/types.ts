export type {
  BrowserState,
  CreateModuleBody,
  Module,
  ModuleLink,
  ModuleTestCase,
  ModuleType,
  UnsafeCodeDetail,
  UpdateModuleBody,
} from '../../../contract/modules';
export { MODULE_LIMITS, MODULE_MESSAGES } from '../../../contract/modules';
