export type {
  PublishResult,
  ShareState,
  ShareVisibility,
  SharedStep,
  SharedTest,
} from '../../../contract/sharing';
