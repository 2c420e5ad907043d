import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';

/** Navigation state that leaves without asking (the thing edited is gone, e.g. the test was deleted). */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

const leavesWithoutAsking = (location: Location) =>
  (location.state as Partial<typeof LEAVE_WITHOUT_ASKING> | null)?.leaveWithoutAsking === true;

/**
 * Asks before leaving while `dirty`: in-app navigation to another page is held until the person
 * chooses (`stay` or `leave`); closing or reloading the tab gets the browser's own question.
 * NOTE: needs a data router (createBrowserRouter / createMemoryRouter), as the app and tests use.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !leavesWithoutAsking(nextLocation),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
