import { pathToBreadcrumbs } from './breadcrumbs';

describe('pathToBreadcrumbs', () => {
  it('splits a path on slashes, turning hyphens into spaces', () => {
    expect(pathToBreadcrumbs('/test-cases/shared-parameters')).toEqual([
      { label: 'test cases', href: '/test-cases' },
      { label: 'shared parameters' },
    ]);
  });

  it('links every item but the last to the path up to it', () => {
    expect(pathToBreadcrumbs('/test-cases/details/abc-123/runs')).toEqual([
      { label: 'test cases', href: '/test-cases' },
      { label: 'details', href: '/test-cases/details' },
      { label: 'abc 123', href: '/test-cases/details/abc-123' },
      { label: 'runs' },
    ]);
  });

  it('ignores empty segments and gives nothing for the root', () => {
    expect(pathToBreadcrumbs('//dashboard/')).toEqual([{ label: 'dashboard' }]);
    expect(pathToBreadcrumbs('/')).toEqual([]);
  });

  it('decodes escaped characters', () => {
    expect(pathToBreadcrumbs('/modules/my%20module')).toEqual([
      { label: 'modules', href: '/modules' },
      { label: 'my module' },
    ]);
  });
});
