export type {
  Collection,
  CollectionRun,
  CollectionRunGroup,
  RunAllResult,
  CancelGroupResult,
  RunCounts,
} from '../../../contract/collections';
export { COLLECTION_LIMITS, COLLECTION_MESSAGES } from '../../../contract/collections';
