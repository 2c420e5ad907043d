export interface TestSuite {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
}

export interface TestSuiteDto {
  test_suite_id: string;
  name: string;
  org_id: string;
  created_at: string;
}

/** SPEC §3 "Browser state" with what the server adds (issue 13): when it was saved, which module saves it. */
export type { BrowserState } from '../../../contract/modules';

export const toTestSuite = (dto: TestSuiteDto): TestSuite => ({
  id: dto.test_suite_id,
  name: dto.name,
  organizationId: dto.org_id,
  createdAt: dto.created_at,
});
