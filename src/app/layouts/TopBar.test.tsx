import { act, render, screen } from '@testing-library/react';
import { BreadcrumbLabelsProvider, useBreadcrumbLabel, useBreadcrumbLabels } from './BreadcrumbLabels';
import { crumbsFor } from './TopBar';

describe('crumbsFor', () => {
  it('reads path segments as words with a capital first letter, not as Title Case', () => {
    expect(crumbsFor('/test-cases/shared-parameters', new Map())).toEqual([
      { label: 'Test cases', href: '/test-cases' },
      { label: 'Shared parameters' },
    ]);
  });

  it("leaves out prefixes that are no page and shows a page's own name for its id", () => {
    const labels = new Map([['/test-cases/details/3f2a-77', 'Pay by card']]);
    expect(crumbsFor('/test-cases/details/3f2a-77/runs', labels)).toEqual([
      { label: 'Test cases', href: '/test-cases' },
      { label: 'Pay by card', href: '/test-cases/details/3f2a-77' },
      { label: 'Runs' },
    ]);
    expect(crumbsFor('/test-cases/details/3f2a-77/', labels).at(-1)).toEqual({ label: 'Pay by card' });
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
