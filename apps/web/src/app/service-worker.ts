/** Service-worker registration and the "new version" signal the prompt listens to. */

type Listener = (available: boolean) => void;

const listeners = new Set<Listener>();
let waitingWorker: ServiceWorker | null = null;
let available = false;

const VERSION_POLL_MS = 5 * 60 * 1000;

function announce(worker: ServiceWorker): void {
  waitingWorker = worker;
  available = true;
  for (const listener of listeners) listener(true);
}

export function subscribeToNewVersion(listener: Listener): () => void {
  listeners.add(listener);
  listener(available);
  return () => listeners.delete(listener);
}

/** Lets the waiting worker take over; the page reloads when it controls the page. */
export function applyNewVersion(): void {
  if (!waitingWorker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

function watch(registration: ServiceWorkerRegistration): void {
  // A worker already waiting (installed during an earlier visit) means a newer build is ready.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
    });
  });
}

async function register(version: string): Promise<void> {
  const registration = await navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' });
  watch(registration);
}

/** The server may have been updated while this page stayed open: its version.json then names another build. */
async function checkServedVersion(): Promise<void> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return;
    const { version } = (await response.json()) as { version?: string };
    if (version && version !== __APP_VERSION__) await register(version);
  } catch {
    // Offline or the server restarting: the next check tries again.
  }
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    register(__APP_VERSION__).catch((error: unknown) => console.warn('Service worker registration failed', error));
    setInterval(() => void checkServedVersion(), VERSION_POLL_MS);
  });
}
