import { DEFAULT_TABLE_TOKEN, formatNumber, TRANSACTION_FEE_BPS } from '@tavola/contract';
import {
  BarChart3,
  Bell,
  CreditCard,
  LayoutDashboard,
  QrCode,
  Smartphone,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/*
 * Every word, figure and link the landing page shows, section by section in page order; the
 * components only lay them out. These are the spec's texts: keep them byte for byte. Flat constants
 * rather than one object per section, because the minifier shortens a constant's name but never an
 * object's keys, and the landing page is the first thing a visitor downloads.
 *
 * A text with a value inside comes as its parts, split where the value goes: the browser shapes
 * each text node on its own, so joining them into one string moves glyphs by a subpixel.
 */

export const CUSTOMER_DEMO_HREF = `/order?token=${DEFAULT_TABLE_TOKEN}`;
export const STAFF_LOGIN_HREF = '/login';
export const TEAM_LOGIN_HREF = '/team/login';

/** A plan's price on its card, in whole euros unless it has cents. */
export const planPrice = (cents: number) =>
  `EUR ${formatNumber(cents / 100, 'en', { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

/** A price in the product demo, the way the guest menu shows it. */
export const demoPrice = (cents: number) => `€${(cents / 100).toFixed(2)}`;

export const FEE = `${(TRANSACTION_FEE_BPS / 100).toFixed(1)}%`;

// Header
export const SKIP_LINK = 'Skip to content';
export const NAV = [
  { label: 'Features', href: '#features' },
  { label: 'Product', href: '#product' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'Stories', href: '#testimonials' },
];
export const PRODUCT_LINK = 'Product';
/*
 * The spec names the two sign-in doors Staff and Admin. Admin is the platform team's door and a
 * restaurant's own admin signs in with Staff, so each door says whose it is.
 */
export const STAFF_DOOR = 'Staff';
export const STAFF_DOOR_HINT = 'Restaurant team';
export const STAFF_DOOR_TITLE = 'Waiters, kitchen, bar, managers and restaurant admins';
export const ADMIN_DOOR = 'Admin';
export const ADMIN_DOOR_HINT = 'Platform team';
export const adminDoorTitle = (brandName: string) =>
  `For the ${brandName} platform team. Restaurant admins sign in with Staff.`;

// Hero
export const HERO_BADGE = 'Live customer demo';
export const HERO_TITLE = "From the table's QR code to the kitchen, live.";
export const heroLead = (brandName: string) => [
  brandName,
  ' is the ordering and point-of-sale platform for restaurants: guests order and pay from their phone, the kitchen and bar see tickets instantly, and waiters go where they are needed.',
];
export const STAFF_DEMO = 'Staff Demo Login';
export const CUSTOMER_DEMO = 'Try Customer Demo';
export const FREE_TRIAL = 'Start free trial';
export const SIGNUP_HREF = '/signup';
export const HERO_STATS = [
  ['Average order', '$24.80'],
  ['Active tables', '12'],
  ['Requests', '3'],
] as const;

// Features
export const FEATURES_TITLE = 'Everything a busy night needs';
/** Icon, title, text. */
export const FEATURES: [LucideIcon, string, string][] = [
  [
    LayoutDashboard,
    'Unified Dashboards',
    'Waiters, kitchen, bar and managers each get the screen they need, on one live picture of the floor.',
  ],
  [
    Zap,
    'Instant Updates',
    'An order placed at the table is on the kitchen display and the waiter’s phone in well under a second.',
  ],
  [
    CreditCard,
    'Seamless Payments',
    'Guests ask for the bill from their phone; waiters settle by card or cash and the table frees itself.',
  ],
  [
    BarChart3,
    'Analytics & Insights',
    'Revenue by hour and day, best sellers and kitchen times, in your own time zone, exportable as CSV and PDF.',
  ],
];

// Product demo
/** The product screenshots' descriptions; the images themselves are in `screens/`. */
export const SCREEN_ALTS = {
  qrScan: "A table's printed Tavola QR code, which opens that table's menu on a guest's phone",
  customer: 'Tavola guest menu on a phone, with two items in the order',
  waiter:
    "Tavola waiter dashboard with the waiter's tables: one calling for a waiter, one with its order ready, one asking for the bill",
  kitchen: 'Tavola kitchen display with new orders, preparing and ready columns',
  bar: 'Tavola bar display with drink tickets',
  manager: "Tavola manager overview with today's revenue, orders, staff on shift and table use",
  analytics: 'Tavola manager analytics with revenue by hour and by day, and best sellers',
} as const;
export type ScreenName = keyof typeof SCREEN_ALTS;

export const PRODUCT_TITLE = 'See every screen';
export const DEMO_TABS_LABEL = 'Product demo';
export const DEMO_TABS = ['Customer', 'Waiter', 'Kitchen', 'Manager', 'Analytics'] as const;
export type DemoTab = (typeof DEMO_TABS)[number];
export const SAMPLE_LABEL = 'Sample day';

/** The Customer tab's sample menu, in cents. */
export const DEMO_MENU = [
  ['Classic Burger', 1250],
  ['Margherita Pizza', 1090],
  ['Aperol Spritz', 800],
] as const;
export const DEMO_MENU_LABEL = 'Sample menu';
export const ADD = 'Add';
export const addLabel = (name: string) => `Add ${name}`;
export const SAMPLE_ORDER_EMPTY = 'Your sample order is empty';
export const sampleOrder = (count: number, total: string) =>
  `Sample order: ${count} ${count === 1 ? 'item' : 'items'} · ${total}`;
export const ORDER_FOR_REAL = 'Order for real at table 1';

export const WAITER_DEMO =
  'Open tables: 4 (needs attention), 5 (order ready), 7 (waiting for payment).';
export const KITCHEN_DEMO =
  'Kitchen capacity: 4 stations, 3 active. The bar has a display of its own.';
export const MANAGER_DEMO =
  'The overview follows today as it happens: revenue, orders, staff on shift and tables in use.';
export const MANAGER_SAMPLE = "Today's revenue: €2,980 from 124 orders.";
export const ANALYTICS_DEMO =
  "Revenue by hour and by day, and what sells best, in the restaurant's time zone.";
export const TOP_ITEMS_LABEL = 'Top items';
/** Name, items sold, revenue. */
export const TOP_ITEMS = [
  ['Classic Burger', 38, '€475'],
  ['Aperol Spritz', 31, '€248'],
  ['Margherita Pizza', 27, '€294'],
  ['Craft Beer', 25, '€137'],
] as const;

// How it works
export const JOURNEY_TITLE = 'The customer journey';
/** Icon, title, text. */
export const JOURNEY: [LucideIcon, string, string][] = [
  [QrCode, 'Scan', 'Guests scan the QR code on their table: no app, no account.'],
  [Smartphone, 'Order', 'They browse the menu in euros or dollars and send their order.'],
  [Bell, 'Get served', 'Kitchen and bar get tickets; the waiter is told when it is ready.'],
  [CreditCard, 'Pay', 'One tap asks for the bill; the waiter settles it and the table is free.'],
];

// Pricing (the plans themselves are the contract's)
export const PRICING_TITLE = 'Simple pricing';
export const PRICING_FEE = ['A ', FEE, ' transaction fee applies on all plans.'];
/** The plan drawn out as the one most restaurants pick. */
export const HIGHLIGHTED_PLAN = 'growth';
export const PER_MONTH = '/ month';
export const PER_YEAR = '/ year';
export const trialPeriod = (days: number | undefined) => `for ${days} days`;
export const saves = (amount: string) => ['Saves ', amount];
export const FEE_LINE = [FEE, ' transaction fee'];
export const choosePlan = (plan: string) => ['Choose ', plan];

// Stories
export const STORIES_TITLE = 'Stories from the floor';
/** Quote, name, role. */
export const STORIES = [
  [
    'We turned tables faster on our first Saturday: nobody waits to order or to pay.',
    'Giulia M.',
    'Owner, Osteria del Porto',
  ],
  [
    'The kitchen display just works. Tickets arrive, we bump them, the waiters know.',
    'Daniel K.',
    'Head chef, Harbour Grill',
  ],
  [
    'Reports I used to build on Sunday nights are one click now.',
    'Priya S.',
    'Manager, Spice Route',
  ],
] as const;
export const PARTNERS_TITLE = 'Works with';
export const PARTNERS_LABEL = 'Partners';
export const PARTNERS = [
  'Card payments',
  'Accounting',
  'Receipt printers',
  'Kitchen displays',
  'Webhooks API',
];

// Footer
export const copyright = (year: number, brandName: string) => [
  '© ',
  year,
  ' ',
  brandName,
  '. Restaurant ordering and point of sale.',
];
export const FOOTER_LABEL = 'Footer';
/** In-page anchors first, then the app's doors. */
export const FOOTER_ANCHORS = [
  { label: 'Features', href: '#features' },
  { label: 'Pricing', href: '#pricing' },
];
export const FOOTER_LINKS = [
  { label: 'Staff login', to: STAFF_LOGIN_HREF },
  { label: 'Team portal', to: TEAM_LOGIN_HREF },
  { label: 'Customer demo', to: CUSTOMER_DEMO_HREF },
];
