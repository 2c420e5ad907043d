import { act, screen, waitFor } from '@testing-library/react';
import { notify } from '../lib/notify';
import { renderWithStore } from '../testing/renderWithStore';

describe('notifications', () => {
  it('shows at most three toasts at once, newest first', async () => {
    renderWithStore(<p>page</p>);
    act(() => {
      for (const n of [1, 2, 3, 4]) notify.info(`Toast ${n}`);
    });
    await screen.findByText('Toast 4');
    await waitFor(() => expect(screen.queryByText('Toast 1')).not.toBeInTheDocument());
    expect(screen.getAllByText(/^Toast \d$/)).toHaveLength(3);
  });

  it('hides a toast after 4 seconds', async () => {
    jest.useFakeTimers();
    try {
      renderWithStore(<p>page</p>);
      act(() => notify.success('Saved'));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3900));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      // Past the 4000 ms, then through the exit and collapse transitions.
      for (let step = 0; step < 5; step += 1) act(() => jest.advanceTimersByTime(500));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('moves focus to the newest toast with Alt+T', async () => {
    const { user } = renderWithStore(<p>page</p>);
    act(() => notify.error('Failed to remove user'));
    const toast = (await screen.findByText('Failed to remove user')).closest('[role="alert"]');
    await user.keyboard('{Alt>}t{/Alt}');
    expect(toast).toHaveFocus();
  });
});
