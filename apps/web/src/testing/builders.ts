import type {
  BillOrder,
  FloorTable,
  PublicMenu,
  PublicMenuItem,
  PublicSummary,
  Ticket,
} from '@tavola/contract';

/** Small, valid payloads as the server sends them; a test overrides only what it is about. */
export function menuItem(overrides: Partial<PublicMenuItem> & Pick<PublicMenuItem, 'id' | 'name'>) {
  return {
    description: '',
    price: { eur: 10, usd: 11 },
    category: 'food',
    available: true,
    special: false,
    image: null,
    tags: [],
    preparationTime: null,
    ...overrides,
  } satisfies PublicMenuItem;
}

export function publicMenu(items: PublicMenuItem[]): PublicMenu {
  const menu: Record<string, PublicMenuItem[]> = { food: [], drinks: [], specials: [] };
  for (const item of items) (menu[item.category] ??= []).push(item);
  return {
    menu,
    restaurant: {
      id: 'r1',
      name: 'Trattoria Test',
      currency: 'eur',
      exchangeRate: 1.1,
      branding: {},
      charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
      orderingPaused: null,
    },
    table: { number: 1 },
  };
}

export function billOrder(overrides: Partial<BillOrder> = {}): BillOrder {
  return {
    id: 'o1',
    orderNumber: 41,
    status: 'new',
    total: { eur: 19, usd: 21 },
    createdAt: '2025-01-01T12:00:00.000Z',
    items: [
      {
        name: 'Margherita',
        quantity: 2,
        unitPrice: { eur: 9.5, usd: 10.5 },
        lineTotal: { eur: 19, usd: 21 },
      },
    ],
    ...overrides,
  };
}

export function summary(overrides: Partial<PublicSummary> = {}): PublicSummary {
  const totals = overrides.totals ?? { eur: 0, usd: 0 };
  // A bill without tax or service charge unless the test says otherwise.
  const parts = (total: number) => ({ net: total, service: 0, tax: 0, total });
  return {
    totalAmount: 0,
    totals,
    parts: { eur: parts(totals.eur), usd: parts(totals.usd) },
    charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
    currency: 'eur',
    paymentStatus: 'none',
    hasActiveSession: false,
    sessionId: null,
    tableNumber: 1,
    orders: [],
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> & Pick<Ticket, 'id' | 'orderNumber'>): Ticket {
  return {
    orderId: `order-${overrides.id}`,
    tableId: 'table-3',
    tableNumber: 3,
    station: 'kitchen',
    status: 'new',
    priority: 'normal',
    orderTime: new Date().toISOString(),
    estimatedTime: 15,
    startTime: null,
    readyTime: null,
    servedTime: null,
    waiter: null,
    customerCount: 2,
    items: [{ name: 'Margherita', quantity: 1, notes: null, category: 'food' }],
    ...overrides,
  };
}

export function floorTable(overrides: Partial<FloorTable> & Pick<FloorTable, 'id' | 'number'>) {
  const total = overrides.billTotal ?? 0;
  return {
    // A bill without tax or service charge unless the test says otherwise.
    bill: { net: total, service: 0, tax: 0, total },
    charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
    capacity: 4,
    status: 'active',
    customerCount: 2,
    assignedWaiter: null,
    sessionId: `session-${overrides.id}`,
    sessionStart: new Date().toISOString(),
    currentOrder: null,
    orders: [],
    billTotal: 0,
    notifications: [],
    lastActivity: null,
    ...overrides,
  } satisfies FloorTable;
}
