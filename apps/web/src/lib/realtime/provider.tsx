import {
  canReceiveEvent,
  NOTIFICATION_LIST_CAP,
  NOTIFICATIONS_ENABLED_KEY,
  type EventType,
} from '@tavola/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { refreshProfile, useSession } from '@/lib/auth';
import { RealtimeClient, type ConnectionState } from './client';
import { sessionStore } from '@/lib/session-store';
import { rememberSignOutReason } from '@/lib/sign-out-reason';
import {
  toLiveEvent,
  toPlatformLiveEvent,
  type LiveEvent,
  type NotifiedEvent,
  type PlatformLiveEvent,
} from './events';

/** A line of the notifications list: the event itself (the bell words it with describeEvent). */
export interface StaffNotification {
  id: string;
  event: NotifiedEvent;
  read: boolean;
  demo: boolean;
  /** What it asked for has been done since (answered, served, paid): read, and marked so. */
  handled?: boolean;
}

interface RealtimeContextValue {
  state: ConnectionState;
  /** True while the demo restaurant's simulated events stand in for a connection. */
  demoMode: boolean;
  subscribe: (handler: (event: LiveEvent) => void) => () => void;
  /** The platform team's screen: platform events (a restaurant created, suspended…) as they come. */
  subscribePlatform: (handler: (event: PlatformLiveEvent) => void) => () => void;
  /** The platform team's screen: the console's figures changed (orders, staff, plans). */
  subscribeFigures: (handler: () => void) => () => void;
  send: (message: { type: string; data?: Record<string, unknown> }) => boolean;
  notifications: StaffNotification[];
  notificationsEnabled: boolean;
  setNotificationsEnabled: (enabled: boolean) => void;
  markAllRead: () => void;
  /** Marks these notifications handled (the bell decides which an event settles). */
  markHandled: (ids: readonly string[]) => void;
  clearNotifications: () => void;
}

/** Events worth a line in the notifications list; the rest only keep screens in sync. */
const NOTIFY = new Set<EventType>([
  'table_activated',
  'call_waiter',
  'payment_requested',
  'order_placed',
  'kitchen_order',
  'bar_order',
  'staff_notification',
  'menu_updated',
  'order_ready',
  'payment_completed',
  'priority_changed',
  'table_reassigned',
  'support_ticket_updated',
]);

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

function readEnabled(): boolean {
  try {
    return localStorage.getItem(NOTIFICATIONS_ENABLED_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** One connection for a signed-in staff member's screens, with the notifications list. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session?.user;
  const [state, setState] = useState<ConnectionState>('connecting');
  const [demoMode, setDemoMode] = useState(false);
  const [notifications, setNotifications] = useState<StaffNotification[]>([]);
  const [notificationsEnabled, setEnabled] = useState(readEnabled);
  const handlers = useRef(new Set<(event: LiveEvent) => void>());
  const platformHandlers = useRef(new Set<(event: PlatformLiveEvent) => void>());
  const figuresHandlers = useRef(new Set<() => void>());
  const clientRef = useRef<RealtimeClient | null>(null);
  const enabledRef = useRef(notificationsEnabled);
  enabledRef.current = notificationsEnabled;

  const notify = useCallback((event: LiveEvent) => {
    if (!enabledRef.current || !NOTIFY.has(event.type)) return;
    const user = sessionStore.get()?.user;
    const me = user?.id;
    // A ready order is news only to the waiter serving it.
    if (event.type === 'order_ready' && event.data.waiterId !== me) return;
    // A manager's own menu change is not news to them.
    if (event.type === 'menu_updated' && event.userId === me) return;
    // A support ticket is news when the support team answers or moves it.
    if (
      event.type === 'support_ticket_updated' &&
      !['answered', 'status'].includes(event.data.change)
    )
      return;
    // A table changing hands is news only to the waiter taking it, and not from themselves.
    if (event.type === 'table_reassigned' && (event.data.to?.id !== me || event.userId === me))
      return;
    // An order made urgent is news (to everyone but who made it, and to a station only for its
    // own tickets); other priorities are not.
    if (event.type === 'priority_changed') {
      const station = user?.role === 'kitchen' || user?.role === 'bar' ? user.role : null;
      const urgent = event.data.tickets.filter((t) => t.priority === 'urgent');
      if (event.userId === me || urgent.length === 0) return;
      if (station && !urgent.some((t) => t.station === station)) return;
    }
    const demo = event.demo === true;
    setNotifications((list) =>
      [{ id: `${event.seq}-${event.timestamp}`, event, read: false, demo }, ...list].slice(
        0,
        NOTIFICATION_LIST_CAP,
      ),
    );
  }, []);

  const dispatch = useCallback(
    (event: LiveEvent) => {
      for (const handler of handlers.current) handler(event);
      notify(event);
      // The restaurant's settings changed (its notifications switch among them): the signed-in
      // user's restaurant is read again.
      if (event.type === 'menu_updated' && event.data.action === 'settings') void refreshProfile();
    },
    [notify],
  );

  // Every platform event is news to the team (another team member's change included).
  const dispatchPlatform = useCallback((event: PlatformLiveEvent) => {
    for (const handler of platformHandlers.current) handler(event);
    if (!enabledRef.current) return;
    setNotifications((list) =>
      [
        { id: `platform-${event.seq}`, event, read: false, demo: false },
        ...list.filter((n) => n.id !== `platform-${event.seq}`),
      ].slice(0, NOTIFICATION_LIST_CAP),
    );
  }, []);

  const userId = user?.id;
  const role = user?.role;
  const restaurantId = user?.restaurant_id ?? null;
  const isDemo = user?.restaurant?.is_demo === true;
  const token = session?.token;

  useEffect(() => {
    // The platform team has no restaurant: its socket hears platform events.
    if (!token || !userId || !role || (!restaurantId && role !== 'team')) {
      setState('closed');
      return;
    }
    const client = new RealtimeClient({
      params: { token, userId, role, ...(restaurantId ? { restaurantId } : {}) },
      onRefused: (code, reason) => {
        // 4401: the session is gone. 4403: this account may not be here any more (its
        // restaurant was suspended). Either way the screen ends; the login page says why.
        if (code === 4401 || code === 4403) {
          rememberSignOutReason(reason);
          sessionStore.clear();
        }
      },
    });
    clientRef.current = client;
    let demo = false;
    let stopDemo: (() => void) | null = null;
    let everConnected = false;
    const offEvent = client.onEvent((message) => {
      const event = toLiveEvent(message);
      if (event) dispatch(event);
      const platform = event ? null : toPlatformLiveEvent(message);
      if (platform) dispatchPlatform(platform);
    });
    const offFigures = client.onFigures(() => {
      for (const handler of figuresHandlers.current) handler();
    });
    const offState = client.onState((next) => {
      setState(next);
      if (next === 'connected') {
        everConnected = true;
        demo = false;
        stopDemo?.();
        stopDemo = null;
        setDemoMode(false);
      } else if (next === 'reconnecting' && !everConnected && isDemo && !demo) {
        // The mock connection, for the demo restaurant only and labelled as a demo.
        demo = true;
        setDemoMode(true);
        // Loaded only now: the samples stay out of every page's startup code.
        void import('./demo-events').then(({ scheduleDemoEvents }) => {
          if (!demo) return;
          // Simulated events only make notifications: no screen's data changes for them.
          stopDemo = scheduleDemoEvents(restaurantId ?? '', (event) => {
            if (canReceiveEvent(role, event.type)) notify(event);
          });
        });
      }
    });
    client.start();
    return () => {
      offEvent();
      offFigures();
      offState();
      demo = false;
      stopDemo?.();
      client.stop();
      clientRef.current = null;
    };
  }, [token, userId, role, restaurantId, isDemo, dispatch, dispatchPlatform, notify]);

  // The connection's state on the page root, for tests and tools that wait for live updates.
  useEffect(() => {
    document.documentElement.dataset.realtime = state;
  }, [state]);

  const subscribe = useCallback((handler: (event: LiveEvent) => void) => {
    handlers.current.add(handler);
    return () => {
      handlers.current.delete(handler);
    };
  }, []);

  const subscribePlatform = useCallback((handler: (event: PlatformLiveEvent) => void) => {
    platformHandlers.current.add(handler);
    return () => {
      platformHandlers.current.delete(handler);
    };
  }, []);

  const subscribeFigures = useCallback((handler: () => void) => {
    figuresHandlers.current.add(handler);
    return () => {
      figuresHandlers.current.delete(handler);
    };
  }, []);

  const send = useCallback((message: { type: string; data?: Record<string, unknown> }) => {
    const client = clientRef.current;
    if (!client) {
      console.warn('Real-time connection not open; event dropped', message.type);
      return false;
    }
    return client.send(message);
  }, []);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      state,
      demoMode,
      subscribe,
      subscribePlatform,
      subscribeFigures,
      send,
      notifications,
      notificationsEnabled,
      setNotificationsEnabled: (enabled) => {
        setEnabled(enabled);
        try {
          localStorage.setItem(NOTIFICATIONS_ENABLED_KEY, String(enabled));
        } catch {
          // Not persisted without storage; still applies to this page.
        }
      },
      markAllRead: () => setNotifications((list) => list.map((n) => ({ ...n, read: true }))),
      markHandled: (ids) =>
        setNotifications((list) =>
          list.map((n) => (ids.includes(n.id) ? { ...n, read: true, handled: true } : n)),
        ),
      clearNotifications: () => setNotifications([]),
    }),
    [
      state,
      demoMode,
      subscribe,
      subscribePlatform,
      subscribeFigures,
      send,
      notifications,
      notificationsEnabled,
    ],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime must be used inside RealtimeProvider');
  return value;
}

/** Runs `handler` for every live event while the component is mounted. */
export function useRealtimeEvents(handler: (event: LiveEvent) => void): void {
  const { subscribe } = useRealtime();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribe((event) => ref.current(event)), [subscribe]);
}

/** Runs `handler` for every platform event (the team's screen) while the component is mounted. */
export function useRealtimePlatformEvents(handler: (event: PlatformLiveEvent) => void): void {
  const { subscribePlatform } = useRealtime();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribePlatform((event) => ref.current(event)), [subscribePlatform]);
}

/** Runs `handler` whenever the team's console figures change (the team's screen) while mounted. */
export function useRealtimeFigures(handler: () => void): void {
  const { subscribeFigures } = useRealtime();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeFigures(() => ref.current()), [subscribeFigures]);
}
