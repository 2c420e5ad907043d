import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('dismisses a toast swiped 45 px sideways; a shorter swipe springs back (SPEC §9)', () => {
    jest.useFakeTimers();
    try {
      renderWithStore(<p>page</p>);
      act(() => notify.info('Swipe me'));
      const toast = screen.getByText('Swipe me').closest('[role="alert"]')!;
      // NOTE: jsdom has no PointerEvent: the plain event it makes instead drops clientX and button
      // from its init, so they are set on the event itself.
      const pointer = (kind: 'pointerDown' | 'pointerMove' | 'pointerUp', clientX: number) => {
        const event = createEvent[kind](toast);
        Object.defineProperties(event, { clientX: { value: clientX }, button: { value: 0 } });
        fireEvent(toast, event);
      };
      const swipe = (to: number) => {
        pointer('pointerDown', 100);
        pointer('pointerMove', 100 + to);
        pointer('pointerUp', 100 + to);
      };
      act(() => jest.advanceTimersByTime(300));
      swipe(44);
      for (let step = 0; step < 6; step += 1) act(() => jest.advanceTimersByTime(100));
      expect(screen.getByText('Swipe me')).toBeInTheDocument();
      expect((toast.parentElement as HTMLElement).style.transform).toBe('');
      // Well before the 4 s the toast would stay.
      swipe(-45);
      for (let step = 0; step < 6; step += 1) act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves in 200 ms once dismissed, then is unmounted (SPEC §9)', async () => {
    jest.useFakeTimers();
    try {
      renderWithStore(<p>page</p>);
      act(() => notify.success('Going'));
      const toast = screen.getByText('Going').closest('[role="alert"]')!;
      act(() => jest.advanceTimersByTime(300));
      fireEvent.click(within(toast as HTMLElement).getByRole('button', { name: 'Dismiss notification' }));
      // The slide out is the toast's own box, around the swipeable one.
      const sliding = toast.parentElement!.parentElement!;
      expect(sliding.style.transition).toMatch(/^transform 200ms /);
      for (let step = 0; step < 10; step += 1) act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByText('Going')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
