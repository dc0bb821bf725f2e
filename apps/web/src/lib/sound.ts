import { sessionStore } from '@/lib/session-store';

let context: AudioContext | null = null;

/**
 * The restaurant's notifications setting, from the signed-in user's
 * restaurant: off, staff screens neither sound nor pop up alerts. The bell still lists them.
 */
function alertsAllowed(): boolean {
  return sessionStore.get()?.user.restaurant?.notifications_enabled !== false;
}

/**
 * A short two-note chime for new work. Browsers allow sound only after the page has been touched
 * once; before that this stays silent rather than failing.
 */
export function playChime(): void {
  if (!alertsAllowed()) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.3, now + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.18);
      osc.stop(now + i * 0.18 + 0.32);
    }
  } catch {
    // No audio available on this device.
  }
}

/** A system notification, when the person has allowed them. */
export function showBrowserNotification(title: string, body: string): void {
  if (!alertsAllowed()) return;
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification(title, { body, tag: `${title}:${body}` });
  } catch {
    // Not supported here.
  }
}

export function askNotificationPermission(): void {
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission();
    }
  } catch {
    // Not supported here.
  }
}
