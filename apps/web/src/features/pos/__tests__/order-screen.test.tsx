import type { Floor, FloorTable, PlacedOrder } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floor, floorTable, orderMenu, orderMenuItem } from '@/testing/builders';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

const sofia = staffUser('waiter', { id: 'w1', name: 'Sofia' });

const menu = orderMenu(
  [
    orderMenuItem({ id: 'm-salad', name: 'Caesar Salad', price: 9.5 }),
    orderMenuItem({ id: 'm-carbonara', name: 'Spaghetti Carbonara', price: 14 }),
    orderMenuItem({ id: 'm-fries', name: 'Truffle Fries', price: 6 }),
    orderMenuItem({ id: 'm-espresso', name: 'Espresso', category: 'drinks', price: 2.5 }),
    orderMenuItem({ id: 'm-wine', name: 'House Red Wine', category: 'drinks', price: 28 }),
    orderMenuItem({ id: 'm-lobster', name: 'Lobster Risotto', available: false }),
  ],
  ['m-espresso', 'm-salad'],
);

/** Table 6 is Sofia's, seated with four guests: a guest ordered fries from her phone, Sofia a wine. */
const table6 = (): FloorTable =>
  floorTable({
    id: 't6',
    number: 6,
    sessionId: 's6',
    customerCount: 4,
    assignedWaiter: { id: 'w1', name: 'Sofia' },
    billTotal: 34,
    orders: [
      {
        id: 'o1',
        orderNumber: 1041,
        status: 'preparing',
        priority: 'normal',
        total: 34,
        createdAt: new Date().toISOString(),
        items: [
          {
            id: 'i1',
            name: 'Truffle Fries',
            quantity: 1,
            notes: null,
            seat: null,
            course: null,
            enteredBy: null,
          },
          {
            id: 'i2',
            name: 'House Red Wine',
            quantity: 1,
            notes: null,
            seat: 2,
            course: null,
            enteredBy: { id: 'w1', name: 'Sofia' },
          },
        ],
      },
    ],
  });

const placed = (orderNumber: number, replayed = false): PlacedOrder => ({
  order_number: orderNumber,
  orderId: `o-${orderNumber}`,
  sessionId: 's6',
  status: 'new',
  currency: 'eur',
  total: { eur: 2.5, usd: 2.75 },
  replayed,
});

const key = (c: ApiCall) => c.headers['idempotency-key'];

beforeAll(() => preloadRoute('/waiter'));
beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});

function serve(overrides: Parameters<typeof fakeApi>[0] = {}, data: Floor = floor([table6()])) {
  return fakeApi({
    'GET /api/tables/floor': { data },
    'GET /api/menu/order-entry': { data: menu },
    'GET /api/courses': {
      data: {
        courses: [
          { number: 1, name: 'Starters', position: 0 },
          { number: 2, name: 'Mains', position: 1 },
          { number: 3, name: 'Desserts', position: 2 },
        ],
        fireDelayMinutes: null,
      },
    },
    ...overrides,
  });
}

async function openTable6() {
  const view = renderRoute('/waiter', { user: sofia });
  const card = await screen.findByRole('article', { name: 'Table 6' });
  await view.user.click(within(card).getByRole('button', { name: 'Order' }));
  await screen.findByRole('heading', { name: 'Table 6', level: 1 });
  await screen.findByRole('button', { name: 'Add Espresso' });
  return view;
}

describe('a quick round from the floor card', () => {
  it("two coffees are three taps on the table's card: Espresso, Espresso, Send", async () => {
    const api = serve({ 'POST /api/tables/t6/orders': { status: 201, data: placed(1050) } });
    const { user } = renderRoute('/waiter', { user: sofia });
    const card = await screen.findByRole('article', { name: 'Table 6' });
    const quick = await within(card).findByRole('region', { name: 'Quick round for table 6' });
    // The table's last items first, then the restaurant's most ordered.
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Add House Red Wine', 'Add Truffle Fries', 'Add Espresso', 'Add Caesar Salad']);
    await user.click(within(quick).getByRole('button', { name: 'Add Espresso' }));
    await user.click(within(quick).getByRole('button', { name: 'Add Espresso' }));
    await user.click(within(quick).getByRole('button', { name: 'Send (2)' }));
    expect(await within(quick).findByText('Order #1050 sent')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/tables/t6/orders');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      items: [expect.objectContaining({ menuItemId: 'm-espresso', quantity: 2 })],
    });
    expect(within(quick).queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
  });
});

describe("the waiter's order screen", () => {
  it('opens from the floor in one tap, and a round of one item is the item and Send', async () => {
    const api = serve({ 'POST /api/tables/t6/orders': { status: 201, data: placed(1042) } });
    const { user } = await openTable6();
    // Tap 2: the most ordered item is on the first screen.
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    // Tap 3.
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));

    expect(await screen.findByText('Order #1042 sent')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/tables/t6/orders');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      items: [{ menuItemId: 'm-espresso', quantity: 1, key: expect.any(String) }],
    });
    expect(key(sent[0]!)).toMatch(/^[\w-]{8,}$/);
    expect(screen.queryByRole('list', { name: /Not sent yet/ })).not.toBeInTheDocument();
  });

  it('takes quantities, a note, a seat and a course per line, and shows what is not sent yet', async () => {
    const api = serve({ 'POST /api/tables/t6/orders': { status: 201, data: placed(1043) } });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Food' }));
    await user.click(screen.getByRole('button', { name: 'Add Caesar Salad' }));
    await user.click(screen.getByRole('button', { name: 'Add Caesar Salad' }));
    await user.click(screen.getByRole('button', { name: 'Add Spaghetti Carbonara' }));
    // An unavailable dish cannot be added.
    expect(screen.getByRole('button', { name: 'Add Lobster Risotto' })).toBeDisabled();

    const pending = screen.getByRole('list', { name: 'Not sent yet (3)' });
    expect(within(pending).getByText('Caesar Salad')).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'One less Caesar Salad' }));
    await user.click(
      within(pending).getByRole('button', {
        name: 'Note, seat and course for Spaghetti Carbonara',
      }),
    );
    await user.type(within(pending).getByLabelText('Note'), 'no pepper');
    await user.selectOptions(within(pending).getByLabelText('Seat'), 'Seat 2');
    await user.selectOptions(within(pending).getByLabelText('Course'), 'Mains');
    await user.click(within(pending).getByRole('button', { name: 'Done' }));
    expect(
      within(pending).getByText('1 × €14.00 · Seat 2 · Course 2 · “no pepper”'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send (2)' }));
    expect(await screen.findByText('Order #1043 sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t6/orders')[0]!.body).toEqual({
      items: [
        { menuItemId: 'm-salad', quantity: 1, key: expect.any(String) },
        {
          menuItemId: 'm-carbonara',
          quantity: 1,
          key: expect.any(String),
          notes: 'no pepper',
          seat: 2,
          course: 2,
        },
      ],
    });
  });

  it('sends an allergy note with the order, for every ticket, and starts the next order without it', async () => {
    const api = serve({ 'POST /api/tables/t6/orders': { status: 201, data: placed(1045) } });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Food' }));
    await user.click(screen.getByRole('button', { name: 'Add Caesar Salad' }));
    await user.type(screen.getByLabelText('Allergy note'), 'Seat 3: no nuts at all');
    expect(screen.getByLabelText('Allergy note')).toHaveAccessibleDescription(
      'Goes with this order to every ticket, in red.',
    );

    await user.click(screen.getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByText('Order #1045 sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t6/orders')[0]!.body).toEqual({
      items: [{ menuItemId: 'm-salad', quantity: 1, key: expect.any(String) }],
      allergyNote: 'Seat 3: no nuts at all',
    });
    // The note went with that order; the next one starts without it.
    await user.click(screen.getByRole('button', { name: 'Add Caesar Salad' }));
    expect(screen.getByLabelText('Allergy note')).toHaveValue('');
  });

  it('shows what is in each dish on its tile, and says when the restaurant has not declared it', async () => {
    serve({
      'GET /api/menu/order-entry': {
        data: orderMenu([
          orderMenuItem({
            id: 'm-pesto',
            name: 'Trofie al Pesto',
            allergens: ['gluten', 'nuts', 'milk'],
            traces: ['peanuts'],
          }),
          orderMenuItem({ id: 'm-water', name: 'Still Water', category: 'drinks' }),
          orderMenuItem({ id: 'm-special', name: 'Chef’s Special', allergensDeclared: false }),
        ]),
      },
    });
    const view = renderRoute('/waiter', { user: sofia });
    const card = await screen.findByRole('article', { name: 'Table 6' });
    await view.user.click(within(card).getByRole('button', { name: 'Order' }));
    await view.user.click(await screen.findByRole('button', { name: 'Food' }));
    expect(screen.getByRole('button', { name: 'Add Trofie al Pesto' })).toHaveAccessibleDescription(
      'Allergens: Gluten, Nuts, Milk; may contain Peanuts',
    );
    expect(screen.getByRole('button', { name: 'Add Chef’s Special' })).toHaveAccessibleDescription(
      'Allergens of Chef’s Special not declared',
    );
    await view.user.click(screen.getByRole('button', { name: 'Drinks' }));
    expect(screen.getByRole('button', { name: 'Add Still Water' })).toHaveAccessibleDescription(
      'Still Water contains none of the 14 allergens',
    );
  });

  it('names the courses, marks a held line and fires its course from the bill', async () => {
    const held = table6();
    held.orders[0]!.items.push({
      id: 'i3',
      name: 'Classic Burger',
      quantity: 1,
      notes: null,
      seat: null,
      course: 2,
      held: true,
      enteredBy: { id: 'w1', name: 'Sofia' },
    });
    const api = serve(
      {
        'POST /api/orders/o1/courses/2/fire': {
          data: {
            orderId: 'o1',
            orderNumber: 1041,
            course: 2,
            name: 'Mains',
            firedAt: new Date().toISOString(),
            stations: ['kitchen'],
          },
        },
      },
      floor([held]),
    );
    const { user } = await openTable6();
    // The course chosen for new lines is named as the restaurant names it.
    expect(
      within(screen.getByLabelText('Course')).getByRole('option', { name: 'Mains' }),
    ).toBeInTheDocument();
    const bill = screen.getByRole('list', { name: 'Order #1041' });
    expect(within(bill).getByText('held')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fire Mains of order 1041' }));
    await waitFor(() => expect(api.callsTo('POST /api/orders/o1/courses/2/fire')).toHaveLength(1));
    expect(api.callsTo('POST /api/orders/o1/courses/2/fire')[0]!.body).toEqual({ from: 'staff' });
  });

  it('gives a new line the seat and course chosen above the lines', async () => {
    const api = serve({ 'POST /api/tables/t6/orders': { status: 201, data: placed(1044) } });
    const { user } = await openTable6();
    await user.selectOptions(screen.getByLabelText('Seat'), 'Seat 3');
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    await user.selectOptions(screen.getByLabelText('Seat'), 'Seat 4');
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    await user.click(screen.getByRole('button', { name: 'Send (2)' }));
    await screen.findByText('Order #1044 sent');
    const body = api.callsTo('POST /api/tables/t6/orders')[0]!.body as {
      items: { seat?: number }[];
    };
    expect(body.items.map((l) => l.seat)).toEqual([3, 4]);
  });

  it('sends once on a double tap', async () => {
    let answer: (value: { status: number; data: PlacedOrder }) => void = () => {};
    const api = serve({
      'POST /api/tables/t6/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    await user.dblClick(screen.getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer({ status: 201, data: placed(1045) });
    expect(await screen.findByText('Order #1045 sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t6/orders')).toHaveLength(1);
  });

  it('after a lost answer, Retry sends the same lines with the same key; what was added since waits', async () => {
    let attempt = 0;
    const api = serve({
      'POST /api/tables/t6/orders': () =>
        ++attempt === 1
          ? new TypeError('Failed to fetch')
          : { status: attempt === 2 ? 200 : 201, data: placed(1040 + attempt, attempt === 2) },
    });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));

    expect(await screen.findByText(/^Not confirmed: Failed to fetch/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Waiting for the server' })).getByText('Espresso'),
    ).toBeInTheDocument();
    // A reload keeps it, key and all.
    expect(localStorage.getItem('tavola_pos_table:t6')).toContain(
      key(api.callsTo('POST /api/tables/t6/orders').at(-1)!),
    );

    await user.click(screen.getByRole('button', { name: 'Add House Red Wine' }));
    await user.click(screen.getByRole('button', { name: 'Retry send' }));
    expect(
      await screen.findByText('Order #1042 sent (the server had it already)'),
    ).toBeInTheDocument();

    const [first, retry] = api.callsTo('POST /api/tables/t6/orders');
    expect(retry!.body).toEqual(first!.body);
    expect(key(retry!)).toBe(key(first!));
    // The wine was not in the lost order: it is still not sent, and goes with a key of its own.
    expect(screen.getByRole('list', { name: 'Not sent yet (1)' })).toHaveTextContent(
      'House Red Wine',
    );
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByText('Order #1043 sent')).toBeInTheDocument();
    const third = api.callsTo('POST /api/tables/t6/orders')[2]!;
    expect(key(third)).not.toBe(key(first!));
    expect(third.body).toEqual({
      items: [{ menuItemId: 'm-wine', quantity: 1, key: expect.any(String) }],
    });
  });

  it("shows the server's refusal, and the lines come back to be sent again", async () => {
    const api = serve({
      'POST /api/tables/t6/orders': {
        status: 409,
        error: 'Table 6 is held by Marco: ask them to hand it over, or a manager to reassign it',
        code: 'ORDER_TABLE_HELD',
        params: { table: 6, waiter: 'Marco' },
      },
    });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Add Espresso' }));
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));
    expect(
      await screen.findByText(
        'Not sent: Table 6 is held by Marco: ask them to hand it over, or a manager to reassign it',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Not sent yet (1)' })).toHaveTextContent('Espresso');
    expect(screen.getByRole('button', { name: 'Send (1)' })).toBeEnabled();
    expect(api.callsTo('POST /api/tables/t6/orders')).toHaveLength(1);
  });

  it('shows each line on the bill with who entered it: the guest’s phone or the waiter', async () => {
    serve();
    await openTable6();
    const bill = screen.getByRole('list', { name: 'Order #1041' });
    const lines = within(bill).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('1× Truffle Fries');
    expect(lines[0]).toHaveTextContent('Guest’s phone');
    expect(lines[1]).toHaveTextContent('1× House Red Wine');
    expect(lines[1]).toHaveTextContent('Seat 2');
    expect(lines[1]).toHaveTextContent('by Sofia');
  });

  it('finds an item as the name is typed, across categories', async () => {
    serve();
    const { user } = await openTable6();
    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'carb');
    expect(screen.getByRole('button', { name: 'Add Spaghetti Carbonara' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Espresso' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search the menu' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'zzz');
    expect(screen.getByText('Nothing on the menu matches “zzz”.')).toBeInTheDocument();
  });

  it('puts the table’s last orders and the most ordered items under Top', async () => {
    serve();
    await openTable6();
    const tiles = screen
      .getByRole('region', { name: 'Menu' })
      .querySelectorAll('button[aria-label^="Add "]');
    expect([...tiles].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add House Red Wine',
      'Add Truffle Fries',
      'Add Espresso',
      'Add Caesar Salad',
    ]);
  });

  it('rings up an open-priced item for a waiter granted open items', async () => {
    const granted = staffUser('waiter', {
      id: 'w1',
      name: 'Sofia',
      permissions: [...sofia.permissions, 'open_items'],
    });
    const api = fakeApi({
      'GET /api/tables/floor': { data: floor([table6()]) },
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tables/t6/orders': { status: 201, data: placed(1046) },
    });
    const { user } = renderRoute('/waiter/tables/t6', { user: granted });
    await user.click(await screen.findByRole('button', { name: 'Open item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open-priced item' });
    await user.type(within(dialog).getByLabelText('Name'), 'Market fish');
    await user.type(within(dialog).getByLabelText('Price (EUR)'), '34,50');
    await user.click(within(dialog).getByRole('radio', { name: 'Kitchen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send (1)' }));
    await screen.findByText('Order #1046 sent');
    expect(api.callsTo('POST /api/tables/t6/orders')[0]!.body).toEqual({
      items: [
        {
          openItem: { name: 'Market fish', priceCents: 3450, station: 'kitchen' },
          quantity: 1,
          key: expect.any(String),
        },
      ],
    });
  });

  it('offers no open item without the permission', async () => {
    serve();
    await openTable6();
    expect(screen.queryByRole('button', { name: 'Open item' })).not.toBeInTheDocument();
  });
});

describe('seating from the floor', () => {
  it('seats a free table with a guest count in two taps and opens its order screen', async () => {
    const free = floorTable({
      id: 't7',
      number: 7,
      sessionId: null,
      sessionStart: null,
      status: 'available',
    });
    let seated = false;
    const api = fakeApi({
      'GET /api/tables/floor': () => ({
        data: floor([
          seated
            ? {
                ...free,
                sessionId: 's7',
                status: 'active',
                customerCount: 4,
                assignedWaiter: { id: 'w1', name: 'Sofia' },
              }
            : free,
        ]),
      }),
      'GET /api/menu/order-entry': { data: menu },
      'POST /api/tables/t7/seat': () => {
        seated = true;
        return {
          data: {
            tableId: 't7',
            tableNumber: 7,
            sessionId: 's7',
            customerCount: 4,
            opened: true,
            assignedWaiter: { id: 'w1', name: 'Sofia' },
          },
        };
      },
    });
    const { user } = renderRoute('/waiter', { user: sofia });
    await user.click(await screen.findByRole('button', { name: 'Seat table 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat table 7' });
    await user.click(within(dialog).getByRole('button', { name: '4 guests' }));

    expect(await screen.findByRole('heading', { name: 'Table 7', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('4 guests · Sofia')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t7/seat').map((c) => c.body)).toEqual([{ guests: 4 }]);
  });

  it('changes a sent line before the station starts it: one more, or off the order; a refusal is shown', async () => {
    const changed = {
      orderId: 'o1',
      orderNumber: 1041,
      status: 'preparing' as const,
      currency: 'eur' as const,
      total: 40,
      billTotal: 40,
      items: [],
    };
    const api = serve({ 'PATCH /api/orders/o1/items/i1': { data: changed } });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Change Truffle Fries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Truffle Fries' });
    await user.click(within(dialog).getByRole('button', { name: 'One more' }));
    await user.type(within(dialog).getByLabelText('Notes'), 'extra crispy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/orders/o1/items/i1').map((c) => c.body)).toEqual([
      { quantity: 2, notes: 'extra crispy' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Change Truffle Fries' }));
    const again = await screen.findByRole('dialog', { name: 'Change Truffle Fries' });
    await user.click(within(again).getByRole('button', { name: 'Take off' }));
    await waitFor(() => expect(again).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/orders/o1/items/i1').at(-1)!.body).toEqual({ quantity: 0 });
  });

  it("says why when the kitchen has started the line's ticket", async () => {
    serve({
      'PATCH /api/orders/o1/items/i1': {
        status: 409,
        code: 'ORDER_LINE_STARTED',
        error:
          'The kitchen has started order #1041: Truffle Fries can no longer be changed, only voided by a manager',
      },
    });
    const { user } = await openTable6();
    await user.click(screen.getByRole('button', { name: 'Change Truffle Fries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Truffle Fries' });
    await user.click(within(dialog).getByRole('button', { name: 'One more' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The kitchen has started order #1041: Truffle Fries can no longer be changed, only voided by a manager',
      ),
    ).toBeInTheDocument();
  });
});

describe('the order screen of a table whose bill was split', () => {
  /** Table 6 with a check 2 split off it: an espresso and its own total. */
  const splitTable = (): FloorTable => ({
    ...table6(),
    checks: [
      {
        sessionId: 's6b',
        checkNumber: 2,
        customerCount: 1,
        orders: [
          {
            id: 'o2',
            orderNumber: 1043,
            status: 'served',
            priority: 'normal',
            total: 2.5,
            createdAt: new Date().toISOString(),
            items: [
              {
                id: 'i9',
                name: 'Espresso',
                quantity: 1,
                notes: null,
                seat: null,
                course: null,
                enteredBy: { id: 'w1', name: 'Sofia' },
              },
            ],
          },
        ],
        billTotal: 2.5,
        bill: { net: 2.5, service: 0, tax: 0, total: 2.5 },
        charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
        discounts: [],
      },
    ],
  });

  it('shows each check with its total, its lines on choosing it, and sends the order onto the check chosen', async () => {
    const api = serve(
      { 'POST /api/tables/t6/orders': { status: 201, data: placed(1044) } },
      floor([splitTable()]),
    );
    const view = renderRoute('/waiter', { user: sofia });
    const card = await screen.findByRole('article', { name: 'Table 6' });
    await view.user.click(within(card).getByRole('button', { name: 'Order' }));
    const checks = await screen.findByRole('region', { name: 'Checks of the table' });
    expect(within(checks).getByRole('button', { name: 'Check 1 · €34.00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByRole('heading', { name: 'Table 6 · check 1', level: 1 });
    await view.user.click(within(checks).getByRole('button', { name: 'Check 2 · €2.50' }));
    await screen.findByRole('heading', { name: 'Table 6 · check 2', level: 1 });
    expect(screen.getByRole('list', { name: 'Order #1043' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order #1041' })).not.toBeInTheDocument();

    await view.user.click(await screen.findByRole('button', { name: 'Add Espresso' }));
    await view.user.click(screen.getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByText('Order #1044 sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tables/t6/orders').map((c) => c.body)).toEqual([
      { items: [expect.objectContaining({ menuItemId: 'm-espresso', quantity: 1 })], check: 2 },
    ]);
  });
});
