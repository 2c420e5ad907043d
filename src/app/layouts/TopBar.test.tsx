import { act, render, screen } from '@testing-library/react';
import { BreadcrumbLabelsProvider, useBreadcrumbLabel, useBreadcrumbLabels } from './BreadcrumbLabels';
import { crumbsFor } from './TopBar';

describe('crumbsFor', () => {
  it("names each page's crumbs as the sidebar and the page's title do, not by the URL's words", () => {
    const none = new Map<string, string>();
    expect(crumbsFor('/test-cases', none)).toEqual([{ label: 'Tests' }]);
    expect(crumbsFor('/test-cases/shared-parameters', none)).toEqual([{ label: 'Secrets' }]);
    expect(crumbsFor('/test-cases/collections', none)).toEqual([{ label: 'Test suites' }]);
    expect(crumbsFor('/test-cases/collection/c-1', none)).toEqual([
      { label: 'Test suites', href: '/test-cases/collections' },
      { label: 'Test suite' },
    ]);
    expect(crumbsFor('/auth/settings/projects', none)).toEqual([
      { label: 'Settings', href: '/auth/settings' },
      { label: 'Project settings' },
    ]);
    expect(crumbsFor('/modules/', none)).toEqual([{ label: 'Modules' }]);
  });

  it("shows a test's name for its id, and never the id while the name is unknown", () => {
    const labels = new Map([['/test-cases/details/3f2a-77', 'Pay by card']]);
    expect(crumbsFor('/test-cases/details/3f2a-77/runs', labels)).toEqual([
      { label: 'Tests', href: '/test-cases' },
      { label: 'Pay by card', href: '/test-cases/details/3f2a-77' },
      { label: 'Runs' },
    ]);
    expect(crumbsFor('/test-cases/details/3f2a-77/', labels).at(-1)).toEqual({ label: 'Pay by card' });
    const loading = crumbsFor('/test-cases/details/9e1b-00', labels);
    expect(loading).toEqual([{ label: 'Tests', href: '/test-cases' }, { label: '…' }]);
  });

  it('reads a path no page claims as words with a capital first letter', () => {
    expect(crumbsFor('/some-where/else', new Map())).toEqual([
      { label: 'Some where', href: '/some-where' },
      { label: 'Else' },
    ]);
  });
});

describe('breadcrumb labels', () => {
  function Page({ label }: { label: string | null }) {
    useBreadcrumbLabel('/test-cases/details/1', label);
    return null;
  }
  function Shown() {
    return <output>{[...useBreadcrumbLabels()].map(([path, label]) => `${path}=${label}`).join(',')}</output>;
  }

  it('holds a label while its page is shown, follows renames and forgets it when the page goes', () => {
    const view = (label: string | null, page = true) => (
      <BreadcrumbLabelsProvider>
        {page && <Page label={label} />}
        <Shown />
      </BreadcrumbLabelsProvider>
    );
    const { rerender } = render(view(null));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    rerender(view('Checkout'));
    expect(screen.getByRole('status')).toHaveTextContent('/test-cases/details/1=Checkout');
    rerender(view('Pay by card'));
    expect(screen.getByRole('status')).toHaveTextContent('/test-cases/details/1=Pay by card');
    act(() => rerender(view('Pay by card', false)));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });
});
