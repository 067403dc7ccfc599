// Issue 26 part 5: the profile call every signed-in page waits for (GET /api/auth/info) goes out while the app's
// modules still download, instead of after they have run. A classic async script from index.html: no imports, no
// build step, allowed by the CSP ('self'). lib/auth/get-auth-info.ts takes the answer once, if the token is still
// the same and the call succeeded; otherwise it asks again with the usual error handling.
(() => {
  let token = null;
  try {
    token = localStorage.getItem('QLCV_TOKEN');
  } catch {
    return;
  }
  if (!token || !location.pathname.startsWith('/admin')) return;
  const headers = { Accept: 'application/json', 'X-Language': 'vi', 'X-Device': 'web', Authorization: `Bearer ${token}` };
  const answer = fetch('/api/auth/info', { headers, credentials: 'same-origin' }).then(
    (res) => (res.ok ? res.json() : null),
    () => null,
  );
  window.__QLCV_EARLY_PROFILE__ = { token, answer };
})();
