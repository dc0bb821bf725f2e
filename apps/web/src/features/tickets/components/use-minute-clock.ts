import { STATION_CLOCK_TICK_MS } from '@tavola/contract';
import { useEffect, useState } from 'react';

/** The clock ticks every minute (and so do elapsed and overdue times). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), STATION_CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
