import type { CI_BROWSERS } from '../../../contract/sharing';

export type { CiRunGroup } from '../../../contract/sharing';
export { CI_BROWSERS, CI_LIMITS } from '../../../contract/sharing';
export type CiBrowser = (typeof CI_BROWSERS)[number];
