import { STORAGE_PREFIX } from '@tavola/contract';

/** What the page keeps per table under `tavola_` + token: the running bill. */
export interface RunningBill {
  sessionId: string | null;
  sessionActive: boolean;
  /** Bill total in EUR and USD as last known (from the server, or local demo orders). */
  total: { eur: number; usd: number };
  demoOrders: number;
}

export const emptyBill = (): RunningBill => ({
  sessionId: null,
  sessionActive: false,
  total: { eur: 0, usd: 0 },
  demoOrders: 0,
});

const key = (token: string) => `${STORAGE_PREFIX}${token}`;

export function loadBill(token: string): RunningBill {
  try {
    const raw = localStorage.getItem(key(token));
    if (!raw) return emptyBill();
    const parsed = JSON.parse(raw) as Partial<RunningBill>;
    return {
      ...emptyBill(),
      ...parsed,
      total: {
        eur: Number(parsed.total?.eur) || 0,
        usd: Number(parsed.total?.usd) || 0,
      },
    };
  } catch {
    return emptyBill();
  }
}

export function saveBill(token: string, bill: RunningBill): void {
  try {
    localStorage.setItem(key(token), JSON.stringify(bill));
  } catch {
    // Storage full or disabled: the bill still shows from the server.
  }
}

export function clearBill(token: string): void {
  try {
    localStorage.removeItem(key(token));
  } catch {
    // Nothing to clear.
  }
}
