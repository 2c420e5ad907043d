import { screen } from '@testing-library/react';
import { createElement, Fragment, useState } from 'react';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { StepScreenshot } from './StepScreenshot';

// A step's screenshot arrives after the step itself while it generates (the live view shows the step
// first): the after-view must show once it exists, not stay on the empty before-view of step 1.

function LiveStep({ beforeId }: { beforeId: string | null }) {
  const [afterId, setAfterId] = useState<string | null>(null);
  return createElement(
    Fragment,
    null,
    createElement('button', { onClick: () => setAfterId('shot-after') }, 'The screenshot arrives'),
    createElement(StepScreenshot, {
      stepNumber: 1,
      beforeId,
      afterId,
      viewport: { width: 1280, height: 720 },
      canPick: false,
      onPick: async () => true,
    }),
  );
}

describe('StepScreenshot', () => {
  it('shows the after-view once the screenshot of a first step arrives', async () => {
    signInAsMemberOf();
    const { user } = renderWithStore(createElement(LiveStep, { beforeId: null }));
    expect(screen.getByText('No screenshot for this step.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'The screenshot arrives' }));
    expect(await screen.findByRole('img', { name: 'Page after step 1' })).toBeInTheDocument();
    expect(screen.queryByText('No screenshot for this step.')).not.toBeInTheDocument();
  });

  it('shows the page before a later step until its own screenshot arrives, then the page after it', async () => {
    signInAsMemberOf();
    const { user } = renderWithStore(createElement(LiveStep, { beforeId: 'shot-before' }));
    expect(await screen.findByRole('img', { name: 'Page before step 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'The screenshot arrives' }));
    expect(await screen.findByRole('img', { name: 'Page after step 1' })).toBeInTheDocument();
    // Both exist now: the person can look at either.
    await user.click(screen.getByRole('button', { name: 'Before the step' }));
    expect(await screen.findByRole('img', { name: 'Page before step 1' })).toBeInTheDocument();
  });
});

describe('StepScreenshot of a step whose screenshot failed', () => {
  it('says the screenshot failed and why, instead of nothing', () => {
    signInAsMemberOf();
    renderWithStore(
      createElement(StepScreenshot, {
        stepNumber: 1,
        beforeId: null,
        afterId: null,
        afterError: 'frame.evaluate: ReferenceError: __name is not defined',
        viewport: { width: 1280, height: 720 },
        canPick: false,
        onPick: async () => true,
      }),
    );
    expect(
      screen.getByText('Screenshot failed: frame.evaluate: ReferenceError: __name is not defined'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No screenshot for this step.')).not.toBeInTheDocument();
  });
});
