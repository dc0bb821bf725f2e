import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { t } from './messages';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

// One visible toast at a time, a newer one replaces the older.
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const VISIBLE_MS = 5000;

export function Toaster() {
  const message = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(dismissToast, VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  if (!message) return null;
  return (
    <div className="fixed right-4 bottom-4 z-50 w-[calc(100vw-2rem)] max-w-sm">
      <div
        role={message.variant === 'destructive' ? 'alert' : 'status'}
        className={cn(
          'flex items-start gap-3 rounded-xl border p-4 shadow-lg',
          message.variant === 'destructive'
            ? 'border-red-300 bg-red-600 text-white'
            : 'border-stone-200 bg-white text-stone-900',
        )}
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{message.title}</p>
          {message.description && <p className="text-sm opacity-90">{message.description}</p>}
        </div>
        <button
          type="button"
          onClick={dismissToast}
          aria-label={t('dismiss')}
          className="rounded p-1 hover:bg-black/10"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
