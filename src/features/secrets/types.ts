export type { SharedParameter } from '../../../contract/sharedParameters';

/** What the create and edit dialogs send: a blank value on edit keeps the stored one. */
export interface SecretInput {
  key: string;
  value: string;
  linkedTestIds: string[];
  /** The hosts whose pages may receive it; empty: the hosts of the project's tests' websites. */
  allowedHosts: string[];
}
