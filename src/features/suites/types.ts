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

export interface BrowserState {
  id: string;
  name: string;
}

export const toTestSuite = (dto: TestSuiteDto): TestSuite => ({
  id: dto.test_suite_id,
  name: dto.name,
  organizationId: dto.org_id,
  createdAt: dto.created_at,
});
