import {
  type Allergen,
  DEFAULT_TABLE_TOKEN,
  RESTAURANT_UNAVAILABLE_FOR_GUESTS,
  type Currency,
  type GuestLocale,
  type OptionPick,
  type PublicMenu,
  type PublicMenuItem,
} from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Bell,
  CheckCircle2,
  CreditCard,
  Filter,
  QrCode,
  ShoppingBag,
  Star,
  TriangleAlert,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { allergenNames } from '@/components/allergens/allergen-tags';
import { avoidedIn, loadAvoided, saveAvoided } from '@/components/allergens/avoided';
import { t as allergyText } from '@/components/allergens/messages';
import { BrandLogo } from '@/components/brand/brand-logo';
import { brandStyle } from '@/components/brand/brand-style';
import type * as LinePricingModule from '@/components/options/line-pricing';
import { samePicks } from '@/components/options/picks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney, sumMoney } from '@/lib/format';
import { setLocale, useLocale } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { newOrderKey } from '@/lib/order-keys';
import { RealtimeClient } from '@/lib/realtime/client';
import { callWaiter } from './api/call-waiter';
import { billSummaryKey, getBillSummaryQueryOptions, useBillSummary } from './api/get-bill-summary';
import { publicMenuKey, usePublicMenu } from './api/get-public-menu';
import { usePlaceOrder } from './api/place-order';
import { useRequestPayment } from './api/request-payment';
import { chargesNote } from './charges-note';
import { BillCard } from './components/bill-card';
import { CATEGORY_PANEL_ID, CategoryTabs, categoryTabId } from './components/category-tabs';
import { LanguageSwitcher } from './components/language-switcher';
import { MenuItemCard } from './components/menu-item-card';
import { OrderCard, type CartLineView } from './components/order-card';
import { DEMO_MENU } from './demo-menu';
import { initialGuestLocale, loadGuestLocale, rememberGuestLocale } from './guest-language';
import { t } from './messages';
import { clearBill, emptyBill, loadBill, saveBill, type RunningBill } from './running-bill';
import { loadCart, newLineKey, saveCart, type CartLine } from './stored-cart';
import { loadMyOrders, rememberMyOrder } from './my-orders';

// Opened by a few, once: the review form is not part of /order's first load.
const ReviewForm = lazy(() => import('./components/review-form'));
// The receipt loads once the bill is paid.
const ReceiptCard = lazy(() => import('./components/receipt-card'));
// The pay sheet (the itemised bill and its splits) loads when a guest taps Pay.
const PaySheet = lazy(() => import('./components/pay-sheet'));
// Opened on an item with options: not part of /order's first load.
const OptionChooser = lazy(() => import('@/components/options/option-chooser'));
// "Hide dishes containing …": opened by the guests who need it.
const AllergenFilter = lazy(() => import('@/components/allergens/allergen-filter'));

const BASE_CATEGORIES = ['food', 'drinks', 'specials'];

type Message = { tone: 'success' | 'error' | 'info'; text: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const newIdempotencyKey = newOrderKey;

const hasOptions = (item: PublicMenuItem | undefined) =>
  Boolean(item?.optionGroups?.length && item.pricing);

/** A cart line as the cart and the bill price it: its unit in both currencies, and its options. */
interface PricedLine {
  unit: { eur: number; usd: number };
  /** Its options as the tickets print them ("Extras: Cheese"); none for a plain item. */
  options: string[];
  /** The item's name with its options, where lines must be told apart. */
  label: string;
  itemName: string;
}

type LinePricing = typeof LinePricingModule;

/**
 * What one line of `item` costs: the menu's price for a plain item; for one with options, the
 * item with its picks by the bill's rule (`priceOptionLine`, loaded once the cart holds such a
 * line: undefined until then). Null when its picks no longer hold.
 */
function priceCartLine(
  line: { options?: OptionPick[] | undefined },
  item: PublicMenuItem,
  menu: PublicMenu,
  pricing: LinePricing | null,
): PricedLine | null | undefined {
  if (!item.optionGroups?.length || !item.pricing) {
    return { unit: item.price, options: [], label: item.name, itemName: item.name };
  }
  if (!pricing) return undefined;
  const priced = pricing.priceOptionLine(
    { name: item.name, optionGroups: item.optionGroups, pricing: item.pricing },
    line.options,
    menu.restaurant,
  );
  return priced && { ...priced, itemName: item.name };
}

export default function OrderPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || DEFAULT_TABLE_TOKEN;
  const queryClient = useQueryClient();
  // The guest's language: the page's words load as a chunk, the menu's come from the server.
  const [language, setLanguage] = useState<GuestLocale>(initialGuestLocale);
  useLocale();
  useEffect(() => {
    let current = true;
    void loadGuestLocale(language).then(() => current && setLocale(language));
    return () => {
      current = false;
    };
  }, [language]);
  const chooseLanguage = (locale: GuestLocale) => {
    rememberGuestLocale(locale);
    setLanguage(locale);
  };

  const menuResult = usePublicMenu(token, language);
  const placeOrder = usePlaceOrder(token);
  const requestPayment = useRequestPayment(token);
  // The server refusing this table (unknown or retired code, closed restaurant) is an answer, not
  // an outage: say so. The built-in demo menu stands in only when the menu cannot be loaded.
  const refusal =
    menuResult.error instanceof ApiError &&
    menuResult.error.status >= 400 &&
    menuResult.error.status < 500
      ? menuResult.error.message
      : null;
  const demo = menuResult.isError && !refusal;
  const menu: PublicMenu | undefined = demo ? DEMO_MENU : menuResult.data;

  const [bill, setBill] = useState<RunningBill>(() => loadBill(token));
  const [paymentCompleted, setPaymentCompleted] = useState(false);
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  const currency: Currency = chosenCurrency ?? menu?.restaurant.currency ?? 'eur';
  const [category, setCategory] = useState('food');
  // A reload keeps the table's cart (stored per table token) until its order is placed.
  const [restored] = useState(() => loadCart(token));
  const [cart, setCart] = useState<CartLine[]>(restored?.lines ?? []);
  const [placing, setPlacing] = useState(false);
  const [busyAction, setBusyAction] = useState<'waiter' | 'payment' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  // The item whose options are being chosen.
  const [choosing, setChoosing] = useState<string | null>(null);
  const [linePricing, setLinePricing] = useState<LinePricing | null>(null);
  // The allergens this guest hides, remembered on the device.
  const [avoid, setAvoid] = useState<Allergen[]>(loadAvoided);
  const [filterOpen, setFilterOpen] = useState(false);
  const [allergyNote, setAllergyNote] = useState('');
  const changeAvoid = (list: Allergen[]) => {
    setAvoid(list);
    saveAvoided(list);
  };
  // One key per cart: a retried tap after a network error (or a reload) cannot create a second order.
  const idempotencyKey = useRef<string>(restored?.key ?? newIdempotencyKey());
  // A cart stored before lines had keys goes out as it was first sent until it changes.
  const keyless = useRef(restored?.keyless ?? false);
  const handledPaidSession = useRef<string | null>(null);

  const updateBill = useCallback(
    (change: (b: RunningBill) => RunningBill) => {
      setBill((current) => {
        const next = change(current);
        saveBill(token, next);
        return next;
      });
    },
    [token],
  );

  // Reading the menu seats nobody: the table's dining session opens with its first order or call
  // (the prototype opened it on page load, so a reload after paying seated the table again).

  useEffect(() => {
    if (menuResult.isError) {
      console.warn(menuResult.error?.message || 'Failed to load menu');
    }
  }, [menuResult.isError, menuResult.error]);

  // The summary on load and every 8 s once the menu has loaded; errors are ignored.
  const summaryResult = useBillSummary(token, bill.sessionId, menuResult.isSuccess);
  const summary = summaryResult.data;

  useEffect(() => {
    if (!summary) return;
    if (summary.paymentStatus === 'paid') {
      // The first Paid summary ends the session: bill 0, stored bill cleared.
      if (summary.sessionId && handledPaidSession.current !== summary.sessionId) {
        handledPaidSession.current = summary.sessionId;
        setPaymentCompleted(true);
        // 'Payment request sent.' and the like belong to the session that has just ended.
        setMessage(null);
        clearBill(token);
        setBill(emptyBill());
        // The page asks without a session id again: what it read that way before it knew its
        // session is the bill just paid, not one to show again.
        queryClient.removeQueries({
          queryKey: getBillSummaryQueryOptions(token, null).queryKey,
          exact: true,
        });
      }
      return;
    }
    // After a payment the table's bill stays cleared until there is something new on it.
    if (handledPaidSession.current && summary.orders.length === 0) return;
    updateBill((b) => ({
      ...b,
      sessionId: summary.sessionId ?? b.sessionId,
      total: summary.totals,
      sessionActive: b.sessionActive || (summary.hasActiveSession && summary.orders.length > 0),
    }));
  }, [summary, token, updateBill, queryClient]);

  // Live updates of this table (its orders, its bill) and of the menu; polling stays as the fallback.
  // A suspended restaurant's page stays connected: it hears the reactivation and shows the menu.
  const live = menuResult.isSuccess || refusal === RESTAURANT_UNAVAILABLE_FOR_GUESTS;
  useEffect(() => {
    if (!live) return;
    const client = new RealtimeClient({
      params: { tableToken: token },
      // Refused (the restaurant suspended, the code retired): the menu's answer says why.
      onRefused: () => void queryClient.invalidateQueries({ queryKey: publicMenuKey(token) }),
    });
    const off = client.onEvent((event) => {
      if (event.type === 'menu_updated') {
        void queryClient.invalidateQueries({ queryKey: publicMenuKey(token) });
      } else {
        void queryClient.invalidateQueries({ queryKey: billSummaryKey(token) });
      }
    });
    client.start();
    return () => {
      off();
      client.stop();
    };
  }, [live, token, queryClient]);

  const items = useMemo(() => {
    const byId = new Map<string, PublicMenuItem>();
    for (const list of Object.values(menu?.menu ?? {})) for (const i of list) byId.set(i.id, i);
    return byId;
  }, [menu]);

  const categories = useMemo(() => {
    const extra = Object.keys(menu?.menu ?? {}).filter(
      (k) => !BASE_CATEGORIES.includes(k) && (menu?.menu[k]?.length ?? 0) > 0,
    );
    return [...BASE_CATEGORIES, ...extra];
  }, [menu]);

  // Stored with its key on every change; the key changes with the cart (add, remove, prune).
  useEffect(
    () =>
      saveCart(token, {
        lines: cart,
        key: idempotencyKey.current,
        ...(keyless.current ? { keyless: true } : {}),
      }),
    [cart, token],
  );

  // What left the restaurant's menu, or is unavailable now, cannot be ordered: drop it and say so.
  // (Not against the built-in demo menu: a menu that failed to load says nothing about the cart.)
  useEffect(() => {
    if (demo || !menu) return;
    const gone = cart.filter((l) => {
      const item = items.get(l.id);
      return !item?.available || priceCartLine(l, item, menu, linePricing) === null;
    });
    if (!gone.length) return;
    idempotencyKey.current = newIdempotencyKey();
    keyless.current = false;
    setCart(cart.filter((l) => !gone.includes(l)));
    setMessage({
      tone: 'info',
      text: t('removedUnavailable', { items: gone.map((l) => l.name).join(', ') }),
    });
  }, [demo, menu, items, cart, linePricing]);

  // A line with options is priced by a module of its own, loaded once the cart holds one.
  const needsLinePricing = cart.some((l) => hasOptions(items.get(l.id)));
  useEffect(() => {
    if (!needsLinePricing || linePricing) return;
    let current = true;
    void import('@/components/options/line-pricing').then((m) => current && setLinePricing(m));
    return () => {
      current = false;
    };
  }, [needsLinePricing, linePricing]);

  // Maintenance, guest orders off, an ended trial: the notice says why, and nothing can be added.
  const orderingPaused = !demo && !!menu?.restaurant.orderingPaused;

  const pricedLines = cart.flatMap((line) => {
    const item = items.get(line.id);
    const priced = item && menu ? priceCartLine(line, item, menu, linePricing) : null;
    return priced ? [{ line, priced }] : [];
  });
  const cartLines: CartLineView[] = pricedLines.map(({ line, priced }) => ({
    key: line.key,
    id: line.id,
    name: priced.label,
    itemName: priced.itemName,
    options: priced.options,
    unitPrice: priced.unit[currency],
    quantity: line.quantity,
  }));
  const cartTotal = sumMoney(cartLines.map((l) => l.unitPrice * l.quantity));
  // The menu counts an item over all its lines; its buttons change its plain line (no notes, no
  // options).
  const quantityOf = (id: string) => cart.reduce((n, l) => (l.id === id ? n + l.quantity : n), 0);
  const plainLine = (c: CartLine[], id: string) =>
    c.find((l) => l.id === id && !l.notes && !l.options);
  const changed = () => {
    idempotencyKey.current = newIdempotencyKey();
    keyless.current = false;
  };
  // At most 99 of one item in one order, however many lines it is on (the server's rule).
  const canAddOne = (c: CartLine[], id: string) =>
    c.reduce((n, l) => (l.id === id ? n + l.quantity : n), 0) < 99;

  // One more of a cart line (by its key).
  const addToLine = (key: string) => {
    const line = cart.find((l) => l.key === key);
    if (!line || !items.get(line.id)?.available || orderingPaused) return;
    setCart((c) =>
      canAddOne(c, line.id)
        ? c.map((l) => (l.key === key ? { ...l, quantity: l.quantity + 1 } : l))
        : c,
    );
    changed();
  };

  // Minus on a line with quantity 1 removes the line.
  const removeFromLine = (key: string) => {
    setCart((c) =>
      c.flatMap((l) =>
        l.key !== key ? [l] : l.quantity > 1 ? [{ ...l, quantity: l.quantity - 1 }] : [],
      ),
    );
    changed();
  };

  // An item with options opens the chooser; its Add comes back with the picks.
  const add = (id: string, picks?: OptionPick[]) => {
    const item = items.get(id);
    if (!item?.available || orderingPaused) return;
    if (hasOptions(item) && !picks) {
      setChoosing(id);
      return;
    }
    setCart((c) => {
      if (!canAddOne(c, id)) return c;
      // The same options (and no notes) is the same line; other options are another line.
      const same = picks
        ? c.find((l) => l.id === id && !l.notes && l.options && samePicks(l.options, picks))
        : plainLine(c, id);
      return same
        ? c.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l))
        : [
            ...c,
            {
              key: newLineKey(),
              id,
              name: item.name,
              quantity: 1,
              ...(picks ? { options: picks } : {}),
            },
          ];
    });
    changed();
    handledPaidSession.current = null;
    // The session is marked active after the first add to cart.
    updateBill((b) => (b.sessionActive ? b : { ...b, sessionActive: true }));
    setPaymentCompleted(false);
  };

  // The menu's minus takes one off the item's plain line, else off its last line.
  const remove = (id: string) => {
    const line = plainLine(cart, id) ?? cart.findLast((l) => l.id === id);
    if (line) removeFromLine(line.key);
  };

  const onPlaceOrder = async () => {
    if (cartLines.length === 0 || placing) return;
    setPlacing(true);
    setMessage(null);
    try {
      if (demo) {
        const number = `DEMO-${bill.demoOrders + 1}`;
        const eur = sumMoney(pricedLines.map((l) => l.priced.unit.eur * l.line.quantity));
        const usd = sumMoney(pricedLines.map((l) => l.priced.unit.usd * l.line.quantity));
        updateBill((b) => ({
          ...b,
          sessionActive: true,
          demoOrders: b.demoOrders + 1,
          total: { eur: sumMoney([b.total.eur, eur]), usd: sumMoney([b.total.usd, usd]) },
        }));
        setMessage({ tone: 'success', text: t('orderPlaced', { number }) });
      } else {
        const placed = await placeOrder({
          items: cart.map((l) => ({
            menuItemId: l.id,
            quantity: l.quantity,
            ...(l.notes ? { notes: l.notes } : {}),
            ...(keyless.current ? {} : { key: l.key }),
            ...(l.options ? { options: l.options } : {}),
          })),
          currency,
          idempotencyKey: idempotencyKey.current,
          ...(allergyNote.trim() ? { allergyNote: allergyNote.trim() } : {}),
        });
        rememberMyOrder(token, placed.orderId);
        updateBill((b) => ({ ...b, sessionActive: true, sessionId: placed.sessionId }));
        setMessage({ tone: 'success', text: t('orderPlaced', { number: placed.order_number }) });
      }
      setCart([]);
      setPaymentCompleted(false);
      changed();
    } catch (error) {
      setMessage({ tone: 'error', text: t('orderFailed', { error: errorText(error) }) });
    } finally {
      setPlacing(false);
    }
  };

  const onCallWaiter = async () => {
    if (demo) {
      setMessage({
        tone: 'success',
        text: t('waiterNotifiedDemo'),
      });
      return;
    }
    setBusyAction('waiter');
    try {
      await callWaiter(token);
      setMessage({ tone: 'success', text: t('waiterNotified') });
    } catch (error) {
      setMessage({ tone: 'error', text: t('waiterFailed', { error: errorText(error) }) });
    } finally {
      setBusyAction(null);
    }
  };

  const onRequestPayment = async () => {
    if (demo) {
      setMessage({ tone: 'success', text: t('paymentRequestedDemo') });
      return;
    }
    setBusyAction('payment');
    try {
      await requestPayment();
      setMessage({ tone: 'success', text: t('paymentRequested') });
    } catch (error) {
      setMessage({ tone: 'error', text: t('paymentFailed', { error: errorText(error) }) });
    } finally {
      setBusyAction(null);
    }
  };

  useEffect(() => {
    if (!message || message.tone === 'error') return;
    const timer = setTimeout(() => setMessage(null), 6000);
    return () => clearTimeout(timer);
  }, [message]);

  if (refusal) {
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6 text-center">
        <QrCode aria-hidden className="mx-auto size-12 text-stone-400" />
        <h1 className="text-2xl font-bold">{t('menuTitle')}</h1>
        <Alert tone="error">{refusal}</Alert>
        <p className="text-stone-600">{t('refusalHelp')}</p>
      </main>
    );
  }

  const paid = paymentCompleted || summary?.paymentStatus === 'paid';
  const sessionActive = bill.sessionActive && !paymentCompleted;
  const billAmount = paid && !sessionActive ? 0 : bill.total[currency];
  // Own keys only: a category the manager named `constructor` is not Object.prototype's.
  const categoryItems = (menu && Object.hasOwn(menu.menu, category) && menu.menu[category]) || [];
  // Dishes that contain an allergen the guest hides are left out, and the page says so.
  const hiddenItems = categoryItems.filter((i) => avoidedIn(i.allergens, avoid).length > 0);
  const visibleItems = hiddenItems.length
    ? categoryItems.filter((i) => !hiddenItems.includes(i))
    : categoryItems;
  const hiddenFor = [...new Set(hiddenItems.flatMap((i) => avoidedIn(i.allergens, avoid)))];
  const loading = menuResult.isPending;
  const choosingItem = choosing ? items.get(choosing) : undefined;
  // White label: the restaurant's brand, or the platform's.
  const brand = menu && !demo ? menu.restaurant.branding : {};

  return (
    <div className="min-h-screen bg-stone-50 pb-24 md:pb-10" style={brandStyle(brand.primaryColor)}>
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <BrandLogo url={brand.logoUrl} className="h-10" />
          <div className="min-w-0 flex-1">
            {brand.brandName && (
              <p className="truncate text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {brand.brandName}
              </p>
            )}
            <h1 className="text-xl font-bold leading-tight">{t('menuTitle')}</h1>
            {/* The number the guest can tell the waiter first; the code (what the spec shows)
                as small print under it. The demo menu knows no number. Both lines' height is
                kept from the first paint, so the page does not move down when the menu comes. */}
            <div className="min-h-9">
              {menu && !demo ? (
                <>
                  <p className="truncate text-sm text-stone-600">
                    <span className="font-semibold text-stone-900">
                      {t('tableNumber', { table: menu.table.number })}
                    </span>
                    {` · ${menu.restaurant.name}`}
                  </p>
                  <p className="truncate text-xs text-stone-500">{token}</p>
                </>
              ) : (
                <p className="truncate text-sm text-stone-600">
                  {t('tableNumber', { table: token })}
                </p>
              )}
            </div>
          </div>
          <LanguageSwitcher value={language} onChange={chooseLanguage} />
          <div
            role="group"
            aria-label={t('currency')}
            className="flex rounded-lg border border-stone-300 p-0.5"
          >
            {(['eur', 'usd'] as const).map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={currency === c}
                onClick={() => setChosenCurrency(c)}
                className={cn(
                  'min-h-10 min-w-12 rounded-md px-2 text-sm font-semibold',
                  currency === c ? 'bg-stone-900 text-white' : 'text-stone-700',
                )}
              >
                {c.toUpperCase()}
              </button>
            ))}
          </div>
          <a
            href="#your-order"
            className="inline-flex min-h-10 items-center gap-1 rounded-full bg-brand-700 px-3 text-sm font-semibold text-white tabular-nums"
            aria-label={t('cartTotal', { amount: formatMoney(cartTotal, currency) })}
          >
            <ShoppingBag aria-hidden className="size-4" />
            {formatMoney(cartTotal, currency)}
          </a>
        </div>
        <nav aria-label={t('menuCategories')} className="mx-auto max-w-5xl px-4 pb-2">
          <CategoryTabs
            categories={categories}
            names={menu?.categoryNames}
            value={category}
            onChange={setCategory}
          />
        </nav>
      </header>

      {message && (
        <div className="fixed inset-x-0 top-28 z-30 mx-auto max-w-md px-4">
          <Alert tone={message.tone} className="flex items-start justify-between gap-3 shadow-lg">
            <span>{message.text}</span>
            <button
              type="button"
              onClick={() => setMessage(null)}
              className="-my-1 min-h-8 rounded px-2 font-semibold"
              aria-label={t('dismissMessage')}
            >
              ×
            </button>
          </Alert>
        </div>
      )}

      <main className="mx-auto grid max-w-5xl grid-cols-1 gap-4 px-4 pt-4 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          {demo && (
            <Alert tone="warning" className="flex items-center gap-2">
              <TriangleAlert aria-hidden className="size-4 shrink-0" />
              <span>
                <strong>{t('demoMenuTitle')}</strong>
                {t('demoMenuBody')}
              </span>
            </Alert>
          )}
          {!demo && menu?.restaurant.orderingPaused && (
            <Alert tone="warning" className="flex items-center gap-2">
              <TriangleAlert aria-hidden className="size-4 shrink-0" />
              <span>{menu.restaurant.orderingPaused}</span>
            </Alert>
          )}
          {sessionActive && (
            <div
              role="status"
              className="flex items-center gap-2 rounded-lg bg-green-600 px-4 py-2 text-sm font-semibold text-white"
            >
              <CheckCircle2 aria-hidden className="size-4" /> {t('sessionActive')}
            </div>
          )}
          {paid && !sessionActive && (
            <div
              role="status"
              className="flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white"
            >
              <CheckCircle2 aria-hidden className="size-4" /> {t('paymentCompleted')}
            </div>
          )}
          {/* The receipt first, the menu below it for the next order. */}
          {paid && !sessionActive && handledPaidSession.current && (
            <Suspense fallback={null}>
              <ReceiptCard token={token} sessionId={handledPaidSession.current} />
            </Suspense>
          )}

          <div
            role="tabpanel"
            id={CATEGORY_PANEL_ID}
            aria-labelledby={categoryTabId(categories.indexOf(category))}
            tabIndex={0}
            className="focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <Button
                variant={avoid.length ? 'secondary' : 'outline'}
                size="sm"
                aria-haspopup="dialog"
                onClick={() => setFilterOpen(true)}
              >
                <Filter aria-hidden className="size-4" />
                {avoid.length
                  ? allergyText('filterButtonActive', { count: avoid.length })
                  : allergyText('filterButton')}
              </Button>
              {hiddenItems.length > 0 && (
                <p role="status" className="text-sm text-stone-700">
                  {allergyText('hiddenDishes', {
                    count: hiddenItems.length,
                    allergens: allergenNames(hiddenFor),
                  })}
                </p>
              )}
            </div>
            {loading ? (
              // Taller than the phone's screen: the order card below the menu stays out of view
              // until the dishes take this place, instead of being pushed down in sight.
              <ul className="min-h-screen space-y-3" aria-busy="true" aria-label={t('loadingMenu')}>
                {Array.from({ length: 4 }, (_, i) => (
                  <li key={i} className="h-28 animate-pulse rounded-xl bg-stone-200/70" />
                ))}
              </ul>
            ) : visibleItems.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-stone-600">
                {t('emptyCategory')}
              </p>
            ) : (
              <ul className="space-y-3">
                {visibleItems.map((item) => (
                  <MenuItemCard
                    key={item.id}
                    item={item}
                    currency={currency}
                    quantity={quantityOf(item.id)}
                    onAdd={() => add(item.id)}
                    onRemove={() => remove(item.id)}
                    paused={orderingPaused}
                    avoid={avoid}
                  />
                ))}
              </ul>
            )}
          </div>
        </div>

        <aside className="space-y-4 md:sticky md:top-32 md:self-start">
          <div id="your-order" className="scroll-mt-32" />
          <OrderCard
            lines={cartLines}
            total={cartTotal}
            currency={currency}
            placing={placing}
            onAdd={addToLine}
            onRemove={removeFromLine}
            onPlace={() => void onPlaceOrder()}
            paused={demo ? null : menu?.restaurant.orderingPaused}
            chargesNote={menu && !demo ? chargesNote(menu.restaurant.charges) : null}
            allergyNote={allergyNote}
            onAllergyNoteChange={setAllergyNote}
          />
          <BillCard
            amount={billAmount}
            currency={currency}
            paid={paid && !sessionActive}
            orders={summary && summary.paymentStatus !== 'paid' ? summary.orders : []}
            parts={
              summary && summary.paymentStatus !== 'paid' ? summary.parts[currency] : undefined
            }
            charges={summary?.charges}
            discounts={summary && summary.paymentStatus !== 'paid' ? summary.discounts : []}
          />
          <div className="grid gap-2">
            {!demo && (
              <Button size="lg" onClick={() => setPayOpen(true)} disabled={!sessionActive}>
                <Wallet aria-hidden className="size-5" /> {t('payAtTable')}
              </Button>
            )}
            <Button
              variant="outline"
              size="lg"
              onClick={() => void onCallWaiter()}
              disabled={busyAction !== null}
            >
              <Bell aria-hidden className="size-5" /> {t('callWaiter')}
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => void onRequestPayment()}
              // An active session is enough; the table may have ordered by voice.
              disabled={!sessionActive || busyAction !== null}
              aria-describedby={sessionActive ? undefined : 'pay-hint'}
            >
              <CreditCard aria-hidden className="size-5" /> {t('requestPayment')}
            </Button>
            {!sessionActive && !paid && (
              <p id="pay-hint" className="text-center text-xs text-stone-600">
                {t('payHint')}
              </p>
            )}
            <Button
              variant="ghost"
              size="lg"
              aria-expanded={reviewOpen}
              onClick={() => setReviewOpen((o) => !o)}
            >
              <Star aria-hidden className="size-5" /> {t('leaveReview')}
            </Button>
            {reviewOpen && (
              <Suspense fallback={null}>
                {/* The visit just paid for, or the one under way. */}
                <ReviewForm
                  token={token}
                  sessionId={
                    paid ? handledPaidSession.current : (summary?.sessionId ?? bill.sessionId)
                  }
                  ordered={paid || (summary?.orders.length ?? 0) > 0}
                />
              </Suspense>
            )}
          </div>
        </aside>
      </main>

      {choosingItem?.optionGroups && choosingItem.pricing && menu && (
        <Suspense fallback={null}>
          <OptionChooser
            key={choosingItem.id}
            open
            onOpenChange={(open) => !open && setChoosing(null)}
            item={{ name: choosingItem.name, pricing: choosingItem.pricing }}
            groups={choosingItem.optionGroups}
            restaurant={menu.restaurant}
            currency={currency}
            onAdd={(picks) => {
              setChoosing(null);
              add(choosingItem.id, picks);
            }}
            allergens={{ item: choosingItem, avoid }}
          />
        </Suspense>
      )}

      {payOpen && (
        <Suspense fallback={null}>
          <PaySheet
            open
            onOpenChange={setPayOpen}
            token={token}
            sessionId={summary?.sessionId ?? bill.sessionId}
            myOrders={loadMyOrders(token)}
          />
        </Suspense>
      )}

      {filterOpen && (
        <Suspense fallback={null}>
          <AllergenFilter open onOpenChange={setFilterOpen} value={avoid} onChange={changeAvoid} />
        </Suspense>
      )}

      {cartLines.length > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 p-3 backdrop-blur md:hidden">
          <a
            href="#your-order"
            className="flex min-h-12 items-center justify-between rounded-lg bg-brand-700 px-4 font-semibold text-white"
          >
            <span>{t('viewOrder', { count: cartLines.reduce((n, l) => n + l.quantity, 0) })}</span>
            <span className="tabular-nums">{formatMoney(cartTotal, currency)}</span>
          </a>
        </div>
      )}
    </div>
  );
}
