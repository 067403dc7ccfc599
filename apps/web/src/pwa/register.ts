import { showUpdatePrompt } from './update-prompt';

/** How often an open app asks the server for a new build (also whenever it comes back to the foreground). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (production builds only: the dev server has no worker) and offers "Tải lại" when a new build's
 * worker has installed and waits. The page reloads once, after that worker has taken over, and only when the
 * person chose to: a worker taking over on the first visit, or from another tab, never reloads a page by itself.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(watchForUpdates)
      .catch((error) => console.warn('Không đăng ký được service worker', error));
  };
  // After the page's own files, so the precache does not compete with the first screen.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const container = navigator.serviceWorker;
  let accepted = false;
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  const offer = (worker: ServiceWorker) => {
    // Without a controller this is the first install: nothing older to replace.
    if (!container.controller) return;
    showUpdatePrompt(() => {
      accepted = true;
      // Another tab may already have switched to it.
      if (worker.state === 'activated') reload();
      else worker.postMessage({ type: 'SKIP_WAITING' });
    });
  };
  container.addEventListener('controllerchange', () => {
    if (accepted) reload();
  });
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  const check = () => {
    registration.update().catch(() => {
      // Offline or the server restarting: the next check will do.
    });
  };
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
