/**
 * Registers the survey's service worker (../../sw.js), which keeps the app's shell so that a survey link opened later
 * without a connection shows the offline screen in the professional's look (OfflineShell.tsx) instead of the
 * browser's error page.
 *
 * Imported by lib/flow.ts, so it rides in the flow machine's chunk: code that a survey link loads once the PIN screen
 * has painted (useSurveyFlow), not a byte more at start-up, and never on the client area's pages. An idle moment
 * later, so the worker's install (index.html and the start-up scripts, mostly from the HTTP cache) does not compete
 * with the flow's own start. Production builds served under /quiz-survey/ only (not the dev server, not Storybook).
 */
if (import.meta.env.PROD && window.location.pathname.startsWith('/quiz-survey/')) {
  const register = () =>
    void navigator.serviceWorker?.register('/quiz-survey/sw.js', { scope: '/quiz-survey/' }).catch(() => {});
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 1000);
}

export {};
