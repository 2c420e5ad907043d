import { useEffect } from 'react';

/** Alt+T moves focus to the newest notification (SPEC §9), so keyboard users can read and dismiss it. */
export function useNotificationsHotkey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.key.toLowerCase() !== 't') return;
      const toasts = document.querySelectorAll<HTMLElement>('.notistack-SnackbarContainer [role="alert"]');
      const newest = toasts.item(toasts.length - 1);
      if (!newest) return;
      event.preventDefault();
      newest.tabIndex = -1;
      newest.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
