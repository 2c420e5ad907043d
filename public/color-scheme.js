// Applies the saved colour scheme before the first paint, so dark-mode users never see a white flash.
(function () {
  try {
    var mode = localStorage.getItem('color_scheme') || 'system';
    var dark =
      mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage may be blocked; MUI applies the scheme once the app starts.
  }
})();
