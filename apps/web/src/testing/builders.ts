import type {
  ZReport,
  BillOrder,
  ClosedTable,
  Floor,
  PlatformSettings,
  FloorTable,
  OrderMenu,
  OrderMenuItem,
  PublicMenu,
  PublicMenuItem,
  PublicOption,
  PublicOptionGroup,
  PublicSummary,
  RecordedPayment,
  RestaurantPlan,
  StaffMember,
  Tab,
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
    allergens: [],
    traces: [],
    allergensDeclared: true,
    diets: [],
    ...overrides,
  } satisfies PublicMenuItem;
}

/**
 * An option as the guest menu sends it: its change in cents of the item's currency (euros here),
 * shown in both currencies at the menu's rate of 1.1.
 */
export function option(
  overrides: Partial<PublicOption> & Pick<PublicOption, 'id' | 'name'>,
): PublicOption {
  const cents = overrides.priceCents ?? 0;
  const extra = overrides.extraPriceCents ?? 0;
  const dual = (c: number) => ({ eur: c / 100, usd: Math.round(c * 1.1) / 100 });
  return {
    price: dual(cents),
    extraPrice: dual(extra),
    priceCents: cents,
    extraPriceCents: extra,
    available: true,
    default: false,
    allergens: [],
    traces: [],
    ...overrides,
  };
}

/** An option group: one of its options unless the test says otherwise. */
export function optionGroup(
  overrides: Partial<PublicOptionGroup> & Pick<PublicOptionGroup, 'id' | 'name' | 'options'>,
): PublicOptionGroup {
  return { min: 0, max: 1, allowRepeat: false, maxPerOption: 1, preModifiers: [], ...overrides };
}

/** The demo's burger: Cooking (one of three, required), Extras (up to three), Remove (No …). */
export function burgerGroups(): PublicOptionGroup[] {
  return [
    optionGroup({
      id: 'g-cooking',
      name: 'Cooking',
      min: 1,
      max: 1,
      options: [
        option({ id: 'o-rare', name: 'Rare' }),
        option({ id: 'o-medium', name: 'Medium' }),
        option({ id: 'o-well', name: 'Well done' }),
      ],
    }),
    optionGroup({
      id: 'g-extras',
      name: 'Extras',
      max: 3,
      options: [
        option({ id: 'o-bacon', name: 'Bacon', priceCents: 150 }),
        option({ id: 'o-cheese', name: 'Cheese', priceCents: 100 }),
        option({ id: 'o-egg', name: 'Egg', priceCents: 120 }),
      ],
    }),
    optionGroup({
      id: 'g-remove',
      name: 'Remove',
      max: 2,
      preModifiers: ['no'],
      options: [
        option({ id: 'o-onion', name: 'Onion' }),
        option({ id: 'o-pickles', name: 'Pickles' }),
      ],
    }),
  ];
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
    discounts: [],
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
    orderType: 'dine_in',
    tab: null,
    items: [
      { name: 'Margherita', quantity: 1, notes: null, category: 'food', seat: null, course: null },
    ],
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
    discounts: [],
    notifications: [],
    checks: [],
    lastActivity: null,
    ...overrides,
  } satisfies FloorTable;
}

/** A recorded payment's answer: the payment and the receipt it issued. */
export function recordedPayment(overrides: Partial<RecordedPayment> = {}): RecordedPayment {
  return { paymentId: 'p1', receiptNumber: 1, ...overrides };
}

/** A closed table's answer: by staff, nothing voided and no payment taken unless the test says so. */
export function closedTable(
  overrides: Partial<ClosedTable> & Pick<ClosedTable, 'tableId' | 'tableNumber'>,
): ClosedTable {
  return {
    sessionId: `session-${overrides.tableId}`,
    closeReason: 'closed_by_staff',
    voidedOrders: 0,
    paymentId: null,
    checksClosed: 1,
    ...overrides,
  };
}

/** A restaurant's plan as the server answers it: Starter Feast after its trial, within its limits. */
export function restaurantPlan(overrides: Partial<RestaurantPlan> = {}): RestaurantPlan {
  return {
    restaurantId: 'r1',
    name: 'Trattoria Test',
    plan: 'starter',
    status: 'active',
    trialEndsAt: null,
    trialEnded: false,
    usage: { tables: 2, staff: 2, whiteLabel: false, integrations: 0 },
    planChangedAt: null,
    limits: { tables: 5, staff: 2 },
    ...overrides,
  };
}

/** The waiter's floor: these tables, and a day with nothing sold yet unless the test says so. */
export function floor(tables: FloorTable[] = [], stats: Partial<Floor['stats']> = {}): Floor {
  return {
    tables,
    stats: { todaysSales: 0, orderedToday: 0, currency: 'eur', ordersToday: 0, ...stats },
  };
}

/** The platform's settings: its own brand unset, notifications on, nothing in maintenance. */
export function platformSettings(overrides: Partial<PlatformSettings> = {}): PlatformSettings {
  return {
    brandName: null,
    primaryColor: null,
    logoUrl: null,
    trialDays: 14,
    trialTables: 5,
    trialStaff: 2,
    notificationsEnabled: true,
    maintenanceMode: false,
    requireTeamTwoFactor: false,
    dailyEmailLimit: 300,
    trialDailyEmailLimit: 20,
    reservedNames: ['admin', 'support'],
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

/** A staff account as the server lists it: an active waiter holding no table, never signed in. */
export function staffMember(
  overrides: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name'>,
): StaffMember {
  return {
    username: overrides.name.toLowerCase().replace(/ /g, '.'),
    role: 'waiter',
    status: 'active',
    shift: null,
    lastLoginAt: null,
    tablesHeld: 0,
    discountLimit: { maxPercent: null, maxAmount: null },
    grantedPermissions: [],
    permissions: [],
    ...overrides,
  };
}

/** An item of the staff order screen's menu: food, made in the kitchen, available. */
export function orderMenuItem(
  overrides: Partial<OrderMenuItem> & Pick<OrderMenuItem, 'id' | 'name'>,
): OrderMenuItem {
  return {
    category: 'food',
    price: 10,
    available: true,
    special: false,
    station: overrides.category === 'drinks' ? 'bar' : 'kitchen',
    allergens: [],
    traces: [],
    allergensDeclared: true,
    diets: [],
    ...overrides,
  };
}

/** The staff order screen's menu in euros, its categories those of its items. */
export function orderMenu(items: OrderMenuItem[], mostOrdered: string[] = []): OrderMenu {
  return {
    currency: 'eur',
    categories: [...new Set(items.map((i) => i.category))],
    items,
    mostOrdered,
  };
}

/** An open tab: a bar tab with nothing ordered yet unless the test says so. */
export function tab(overrides: Partial<Tab> & Pick<Tab, 'id' | 'name'>): Tab {
  const total = overrides.billTotal ?? 0;
  return {
    type: 'bar_tab',
    phone: null,
    pickupAt: null,
    openedAt: new Date().toISOString(),
    customerCount: 1,
    waiter: null,
    orders: [],
    billTotal: 0,
    bill: { net: total, service: 0, tax: 0, total },
    charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
    discounts: [],
    paymentStatus: 'none',
    ...overrides,
  };
}

/** A Z report figure's parts, the total their sum. */
export const moneyParts = (net: number, service: number, tax: number) => ({
  net,
  service,
  tax,
  total: Math.round((net + service + tax) * 100) / 100,
});

/** A business day's Z report: five orders, three bills and payments, one bill still open. */
export function zReport(overrides: Partial<ZReport> = {}): ZReport {
  return {
    date: '2026-03-14',
    dayClosesAt: '02:00',
    seatedTables: [2, 4],
    today: '2026-03-14',
    restaurantName: 'Trattoria Test',
    timezone: 'Europe/Rome',
    currency: 'eur',
    status: 'open',
    generatedAt: '2026-03-14T21:00:00.000Z',
    closedAt: null,
    closedBy: null,
    reopenedAt: null,
    reopenedBy: null,
    reopenReason: null,
    orders: { count: 5, ...moneyParts(50, 5, 5.5) },
    voids: { wholeOrders: 1, items: 2, ...moneyParts(10, 1, 1.1) },
    bills: { count: 3, ...moneyParts(40, 4, 4.4) },
    payments: {
      count: 3,
      amount: 48.4,
      tips: 3,
      total: 51.4,
      byMethod: [
        { method: 'card', count: 2, amount: 30, tips: 3, total: 33 },
        { method: 'cash', count: 1, amount: 18.4, tips: 0, total: 18.4 },
      ],
    },
    taxRates: [{ taxRate: 10, ...moneyParts(40, 4, 4.4) }],
    transactionFee: { rate: 1.9, base: 48.4, fee: 0.92 },
    openBills: {
      count: 1,
      total: 12.5,
      bills: [{ tableNumber: 4, openedAt: '2026-03-14T20:00:00.000Z', orders: 1, total: 12.5 }],
    },
    reconciliation: {
      ordersLessVoids: 48.4,
      bills: 48.4,
      billsPlusTips: 51.4,
      payments: 51.4,
      balanced: true,
    },
    ...overrides,
  };
}
