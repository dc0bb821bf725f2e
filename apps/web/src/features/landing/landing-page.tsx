import { DEFAULT_TABLE_TOKEN, PLANS, TRANSACTION_FEE_BPS, type Plan } from '@tavola/contract';
import {
  BarChart3,
  Bell,
  Check,
  ChefHat,
  CreditCard,
  LayoutDashboard,
  QrCode,
  Smartphone,
  Zap,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import analyticsImg from './screens/analytics.webp';
import barImg from './screens/bar.webp';
import customerImg from './screens/customer.webp';
import kitchenImg from './screens/kitchen.webp';
import managerImg from './screens/manager.webp';
import qrScanImg from './screens/qr-scan.webp';
import sizes from './screens/sizes.json';
import waiterImg from './screens/waiter.webp';

const SCREENS = {
  qrScan: {
    src: qrScanImg,
    alt: "A table's printed Tavola QR code, which opens that table's menu on a guest's phone",
    ...sizes.qrScan,
  },
  customer: {
    src: customerImg,
    alt: 'Tavola guest menu on a phone, with two items in the order',
    ...sizes.customer,
  },
  waiter: {
    src: waiterImg,
    alt: "Tavola waiter dashboard with the waiter's tables: one calling for a waiter, one with its order ready, one asking for the bill",
    ...sizes.waiter,
  },
  kitchen: {
    src: kitchenImg,
    alt: 'Tavola kitchen display with new orders, preparing and ready columns',
    ...sizes.kitchen,
  },
  bar: { src: barImg, alt: 'Tavola bar display with drink tickets', ...sizes.bar },
  manager: {
    src: managerImg,
    alt: "Tavola manager overview with today's revenue, orders, staff on shift and table use",
    ...sizes.manager,
  },
  analytics: {
    src: analyticsImg,
    alt: 'Tavola manager analytics with revenue by hour and by day, and best sellers',
    ...sizes.analytics,
  },
} as const;

const euros = (cents: number) =>
  `EUR ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
const fee = `${(TRANSACTION_FEE_BPS / 100).toFixed(1)}%`;

function Screen({
  name,
  eager = false,
  className,
}: {
  name: keyof typeof SCREENS;
  eager?: boolean;
  className?: string;
}) {
  const s = SCREENS[name];
  return (
    <img
      src={s.src}
      alt={s.alt}
      width={s.width}
      height={s.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={cn('h-auto w-full rounded-xl border border-stone-200 shadow-lg', className)}
    />
  );
}

const NAV = [
  { label: 'Features', href: '#features' },
  { label: 'Product', href: '#product' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'Stories', href: '#testimonials' },
];

const FEATURES = [
  {
    icon: LayoutDashboard,
    title: 'Unified Dashboards',
    text: 'Waiters, kitchen, bar and managers each get the screen they need, on one live picture of the floor.',
  },
  {
    icon: Zap,
    title: 'Instant Updates',
    text: 'An order placed at the table is on the kitchen display and the waiter’s phone in well under a second.',
  },
  {
    icon: CreditCard,
    title: 'Seamless Payments',
    text: 'Guests ask for the bill from their phone; waiters settle by card or cash and the table frees itself.',
  },
  {
    icon: BarChart3,
    title: 'Analytics & Insights',
    text: 'Revenue by hour and day, best sellers and kitchen times, in your own time zone, exportable as CSV and PDF.',
  },
];

const DEMO_TABS = ['Customer', 'Waiter', 'Kitchen', 'Manager', 'Analytics'] as const;
type DemoTab = (typeof DEMO_TABS)[number];

/** The Customer tab's sample menu, in cents. */
const DEMO_MENU = [
  ['Classic Burger', 1250],
  ['Margherita Pizza', 1090],
  ['Aperol Spritz', 800],
] as const;

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** The sample menu's Add buttons fill a small order here on the page, as the real menu does. */
function CustomerDemo() {
  const [added, setAdded] = useState<Record<string, number>>({});
  const count = Object.values(added).reduce((n, q) => n + q, 0);
  const total = DEMO_MENU.reduce((sum, [name, cents]) => sum + cents * (added[name] ?? 0), 0);
  return (
    <div className="grid items-center gap-6 md:grid-cols-[200px_220px_1fr]">
      <Screen name="qrScan" className="mx-auto max-w-[200px]" />
      <Screen name="customer" className="mx-auto max-w-[220px]" />
      <div className="space-y-3">
        <ul className="space-y-2" aria-label="Sample menu">
          {DEMO_MENU.map(([name, cents]) => (
            <li
              key={name}
              className="flex items-center justify-between gap-3 rounded-lg bg-white p-3 shadow-sm"
            >
              <span className="font-medium">{name}</span>
              <span className="flex items-center gap-3">
                {euro(cents)}
                <button
                  type="button"
                  aria-label={`Add ${name}`}
                  onClick={() => setAdded((a) => ({ ...a, [name]: (a[name] ?? 0) + 1 }))}
                  className="min-h-10 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Add
                </button>
              </span>
            </li>
          ))}
        </ul>
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-900 px-4 py-3 text-white"
        >
          <span>
            {count === 0
              ? 'Your sample order is empty'
              : `Sample order: ${count} ${count === 1 ? 'item' : 'items'} · ${euro(total)}`}
          </span>
          <Link
            to={`/order?token=${DEFAULT_TABLE_TOKEN}`}
            className="text-sm font-semibold text-brand-200 underline"
          >
            Order for real at table 1
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A sample figure, labelled as one so it is never read as what the screenshot beside it shows. */
function SampleFigures({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-3 text-stone-700">
      <span className="mr-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-600 uppercase">
        Sample day
      </span>
      {children}
    </p>
  );
}

function DemoPanel({ tab }: { tab: DemoTab }) {
  switch (tab) {
    case 'Customer':
      return <CustomerDemo />;
    case 'Waiter':
      return (
        <div className="space-y-4">
          <Screen name="waiter" />
          <p className="text-stone-700">
            Open tables: 4 (needs attention), 5 (order ready), 7 (waiting for payment).
          </p>
        </div>
      );
    case 'Kitchen':
      return (
        <div className="space-y-4">
          <Screen name="kitchen" />
          <p className="text-stone-700">
            Kitchen capacity: 4 stations, 3 active. The bar has a display of its own.
          </p>
          <Screen name="bar" className="max-w-md" />
        </div>
      );
    case 'Manager':
      return (
        <div className="space-y-4">
          <Screen name="manager" />
          <p className="text-stone-700">
            The overview follows today as it happens: revenue, orders, staff on shift and tables in
            use.
          </p>
          <SampleFigures>Today&apos;s revenue: €2,980 from 124 orders.</SampleFigures>
        </div>
      );
    case 'Analytics':
      return (
        <div className="space-y-4">
          <Screen name="analytics" />
          <p className="text-stone-700">
            Revenue by hour and by day, and what sells best, in the restaurant&apos;s time zone.
          </p>
          <div className="space-y-2">
            <SampleFigures>Top items</SampleFigures>
            <ol className="grid gap-2 sm:grid-cols-2" aria-label="Top items">
              {[
                ['Classic Burger', 38, '€475'],
                ['Aperol Spritz', 31, '€248'],
                ['Margherita Pizza', 27, '€294'],
                ['Craft Beer', 25, '€137'],
              ].map(([name, sales, revenue], i) => (
                <li
                  key={String(name)}
                  className="flex justify-between rounded-lg bg-white p-3 shadow-sm"
                >
                  <span>
                    {i + 1}. {name}
                  </span>
                  <span className="tabular-nums">
                    {sales} sold · {revenue}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      );
  }
}

function PriceCard({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const period =
    plan.period === 'month'
      ? '/ month'
      : plan.period === 'year'
        ? '/ year'
        : `for ${plan.trialDays} days`;
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-stone-200',
      )}
    >
      <h3 id={`plan-${plan.id}`} className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-2">
        <span className="text-3xl font-black" data-testid={`price-${plan.id}`}>
          {euros(plan.priceCents)}
        </span>{' '}
        <span className="text-stone-600">{period}</span>
      </p>
      {plan.savingsCents ? (
        <p className="text-sm font-semibold text-green-700">Saves {euros(plan.savingsCents)}</p>
      ) : null}
      <ul className="my-4 flex-1 space-y-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" /> {f}
          </li>
        ))}
        <li className="flex gap-2 text-stone-600">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" /> {fee} transaction
          fee
        </li>
      </ul>
      <Link
        to="/login"
        className={cn(
          'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold',
          highlighted
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-stone-300 hover:bg-stone-100',
        )}
      >
        Choose {plan.name}
      </Link>
    </article>
  );
}

export default function LandingPage() {
  const [tab, setTab] = useState<DemoTab>('Customer');
  // The team's white label (issue 14, item 8): the platform's name, logo and colour.
  const brand = usePlatformBrand();
  return (
    <div className="bg-stone-50 text-stone-900" style={brand.style}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
        >
          <Link
            to="/"
            className="mr-auto flex items-center gap-2 text-xl font-black text-brand-800"
          >
            <PlatformBrandMark fallback={<ChefHat aria-hidden className="size-6" />} />
          </Link>
          <ul className="hidden gap-4 text-sm font-medium text-stone-700 md:flex">
            {NAV.map((n) => (
              <li key={n.label}>
                <a href={n.href} className="hover:text-brand-800">
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <a
              href="#product"
              className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold hover:bg-stone-100"
            >
              Product
            </a>
            {/* Spec §2 names these Staff and Admin; Admin is the platform team's door, and a
                restaurant's own admin signs in with Staff, so each says whose it is. */}
            <Link
              to="/login"
              title="Waiters, kitchen, bar, managers and restaurant admins"
              className="inline-flex min-h-10 flex-col justify-center rounded-lg border border-stone-300 px-3 text-sm leading-tight font-semibold hover:bg-stone-100"
            >
              Staff
              <span aria-hidden className="text-[11px] font-normal text-stone-600">
                Restaurant team
              </span>
            </Link>
            <Link
              to="/team/login"
              title={`For the ${brand.name} platform team. Restaurant admins sign in with Staff.`}
              className="inline-flex min-h-10 flex-col justify-center rounded-lg bg-stone-900 px-3 text-sm leading-tight font-semibold text-white hover:bg-stone-800"
            >
              Admin
              <span aria-hidden className="text-[11px] font-normal text-stone-300">
                Platform team
              </span>
            </Link>
          </div>
        </nav>
      </header>

      <main id="main">
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
          <div className="space-y-6">
            <span className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              <span className="size-2 rounded-full bg-green-600" aria-hidden /> Live customer demo
            </span>
            <h1 className="text-4xl leading-tight font-black tracking-tight sm:text-5xl">
              From the table&apos;s QR code to the kitchen, live.
            </h1>
            <p className="text-lg text-stone-700">
              {brand.name} is the ordering and point-of-sale platform for restaurants: guests order
              and pay from their phone, the kitchen and bar see tickets instantly, and waiters go
              where they are needed.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link
                to="/login"
                className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
              >
                Staff Demo Login
              </Link>
              <Link
                to={`/order?token=${DEFAULT_TABLE_TOKEN}`}
                className="inline-flex min-h-12 items-center gap-2 rounded-lg border border-stone-300 bg-white px-6 font-semibold hover:bg-stone-100"
              >
                <QrCode aria-hidden className="size-5" /> Try Customer Demo
              </Link>
              <Link
                to="/signup"
                className="inline-flex min-h-12 items-center rounded-lg border border-brand-700 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
              >
                Start free trial
              </Link>
            </div>
            <dl className="grid grid-cols-3 gap-3">
              {[
                ['Average order', '$24.80'],
                ['Active tables', '12'],
                ['Requests', '3'],
              ].map(([label, value]) => (
                <div key={label} className="min-w-0 rounded-xl bg-white p-3 shadow-sm">
                  <dt className="text-xs text-stone-600">{label}</dt>
                  <dd className="text-xl font-black sm:text-2xl">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="relative">
            <Screen name="kitchen" eager />
            <div className="absolute -bottom-6 -left-4 w-32 sm:w-40">
              <Screen name="customer" eager className="shadow-2xl" />
            </div>
          </div>
        </section>

        <section
          id="features"
          aria-labelledby="features-title"
          className="scroll-mt-28 bg-white py-16"
        >
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-title" className="text-3xl font-black">
              Everything a busy night needs
            </h2>
            <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <article key={title} className="rounded-2xl border border-stone-200 p-5">
                  <Icon aria-hidden className="size-8 text-brand-700" />
                  <h3 className="mt-3 text-lg font-bold">{title}</h3>
                  <p className="mt-1 text-sm text-stone-700">{text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section
          id="product"
          aria-labelledby="product-title"
          className="mx-auto max-w-6xl scroll-mt-28 px-4 py-16"
        >
          <h2 id="product-title" className="text-3xl font-black">
            See every screen
          </h2>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Product demo" className="mt-6 flex-wrap">
              {DEMO_TABS.map((t) => (
                <TabsTrigger
                  key={t}
                  value={t}
                  className="rounded-full bg-white px-4 text-stone-700 shadow-sm data-[state=active]:bg-stone-900 data-[state=active]:text-white data-[state=active]:shadow-none"
                >
                  {t}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab} className="mt-6">
              <DemoPanel tab={tab} />
            </TabsContent>
          </Tabs>
        </section>

        <section
          id="details"
          aria-labelledby="journey-title"
          className="scroll-mt-28 bg-white py-16"
        >
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="journey-title" className="text-3xl font-black">
              The customer journey
            </h2>
            <ol className="mt-8 grid gap-4 md:grid-cols-4">
              {[
                [QrCode, 'Scan', 'Guests scan the QR code on their table: no app, no account.'],
                [
                  Smartphone,
                  'Order',
                  'They browse the menu in euros or dollars and send their order.',
                ],
                [
                  Bell,
                  'Get served',
                  'Kitchen and bar get tickets; the waiter is told when it is ready.',
                ],
                [
                  CreditCard,
                  'Pay',
                  'One tap asks for the bill; the waiter settles it and the table is free.',
                ],
              ].map(([Icon, title, text], i) => {
                const I = Icon as typeof QrCode;
                return (
                  <li key={String(title)} className="rounded-2xl bg-stone-50 p-5">
                    <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
                    <I aria-hidden className="mt-2 size-7 text-stone-800" />
                    <h3 className="mt-2 font-bold">{String(title)}</h3>
                    <p className="text-sm text-stone-700">{String(text)}</p>
                  </li>
                );
              })}
            </ol>
          </div>
        </section>

        <section
          id="pricing"
          aria-labelledby="pricing-title"
          className="mx-auto max-w-6xl scroll-mt-28 px-4 py-16"
        >
          <h2 id="pricing-title" className="text-3xl font-black">
            Simple pricing
          </h2>
          <p className="mt-2 text-stone-700">A {fee} transaction fee applies on all plans.</p>
          <div className="mt-8 grid gap-4 md:grid-cols-3">
            {PLANS.map((plan) => (
              <PriceCard key={plan.id} plan={plan} highlighted={plan.id === 'growth'} />
            ))}
          </div>
        </section>

        <section
          id="testimonials"
          aria-labelledby="stories-title"
          className="scroll-mt-28 bg-white py-16"
        >
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="stories-title" className="text-3xl font-black">
              Stories from the floor
            </h2>
            <div className="mt-8 grid gap-4 md:grid-cols-3">
              {[
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
              ].map(([quote, name, role]) => (
                <figure key={name} className="rounded-2xl border border-stone-200 p-5">
                  <blockquote className="text-stone-800">“{quote}”</blockquote>
                  <figcaption className="mt-3 text-sm">
                    <span className="font-semibold">{name}</span>,{' '}
                    <span className="text-stone-600">{role}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
            <div className="mt-12">
              <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
                Works with
              </h3>
              <ul
                className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-lg font-bold text-stone-700"
                aria-label="Partners"
              >
                {[
                  'Card payments',
                  'Accounting',
                  'Receipt printers',
                  'Kitchen displays',
                  'Webhooks API',
                ].map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      </main>

      <footer className="bg-stone-900 py-10 text-stone-300">
        <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-6 px-4 text-sm">
          <p>
            © {new Date().getFullYear()} {brand.name}. Restaurant ordering and point of sale.
          </p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-4">
              <li>
                <a href="#features" className="hover:text-white">
                  Features
                </a>
              </li>
              <li>
                <a href="#pricing" className="hover:text-white">
                  Pricing
                </a>
              </li>
              <li>
                <Link to="/login" className="hover:text-white">
                  Staff login
                </Link>
              </li>
              <li>
                <Link to="/team/login" className="hover:text-white">
                  Team portal
                </Link>
              </li>
              <li>
                <Link to={`/order?token=${DEFAULT_TABLE_TOKEN}`} className="hover:text-white">
                  Customer demo
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
