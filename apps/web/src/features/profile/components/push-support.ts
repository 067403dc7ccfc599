/** What this browser can do about Web Push, read once when the devices card shows. */
export type PushSupport =
  | { kind: 'unsupported' }
  /** iPhone/iPad Safari: push only works from the app added to the Home Screen (iOS 16.4+). */
  | { kind: 'ios-not-installed' }
  | { kind: 'denied' }
  /** Supported, permission not refused; `endpoint` of this browser's current subscription, if it has one. */
  | { kind: 'ready'; endpoint: string | null };

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export async function readPushSupport(): Promise<PushSupport> {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isIos() && !isStandalone()) return { kind: 'ios-not-installed' };
  if (!capable) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  // getRegistration, not `ready`: with no worker registered (the dev server) `ready` never settles.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return { kind: 'ready', endpoint: subscription?.endpoint ?? null };
}

/** How long to wait for the app's service worker to be active before saying it is not there. */
const WORKER_WAIT_MS = 10_000;

/** The browser's VAPID key format: base64url text to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

export class PushSetupError extends Error {}

/**
 * Asks for permission, then subscribes this browser through the app's service worker (navigator.serviceWorker.ready)
 * with the server's key. A subscription made with another key (the server's keys changed) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('Bạn chưa cho phép thông báo.');
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new PushSetupError('Ứng dụng chưa sẵn sàng trên trình duyệt này. Hãy tải lại trang rồi thử lại.')),
        WORKER_WAIT_MS,
      ),
    ),
  ]);
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // Subscribed before with another key: drop that one and subscribe again.
    const old = await registration.pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  return subscription.toJSON();
}

/** This browser's own subscription ends too when its row is removed here. */
export async function unsubscribeThisBrowser(endpoint: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
}

/** "Chrome trên Android", "Safari trên iPhone": the name a new device gets. */
export function guessDeviceLabel(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /CriOS|Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Trình duyệt';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return system ? `${browser} trên ${system}` : browser;
}
