import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's tab kept in the address (`?tab=menu`), so a link, a reload or the back button opens
 * the same tab. The first tab is the default and leaves the address bare. `open` switches tab and
 * may carry a one-off request for the tab's screen (`{ open: 'add' }`), which it takes with
 * `useAddressRequest`.
 */
export function useUrlTab<T extends string>(
  tabs: readonly T[],
  param = 'tab',
): [T, (next: T, request?: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const fallback = tabs[0] as T;
  const tab = tabs.find((t) => t === requested) ?? fallback;
  const open = (next: T, request: Record<string, string> = {}) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) updated.delete(param);
        else updated.set(param, next);
        for (const [key, value] of Object.entries(request)) updated.set(key, value);
        return updated;
      },
      { replace: true },
    );
  return [tab, open];
}

/**
 * Takes a one-off request from the address (`?open=add`): calls `take` with its value once, then
 * removes it, so a reload does not repeat it.
 */
export function useAddressRequest(name: string, take: (value: string) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const latest = useRef(take);
  latest.current = take;
  // Strict mode runs an effect twice; the request is still in the address the second time.
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (value === null) {
      taken.current = null;
      return;
    }
    if (taken.current === value) return;
    taken.current = value;
    latest.current(value);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  }, [value, name, setParams]);
}
