import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ticket } from '@/testing/builders';
import { allDayCounts } from '../components/display-tools';
import { TicketCard } from '../components/ticket-card';

describe('ticket card: options under each line', () => {
  it('lists each line’s options by group and makes a removal stand out in words, not colour alone', () => {
    render(
      <TicketCard
        ticket={ticket({
          id: 'k1',
          orderNumber: 71,
          items: [
            {
              name: 'Tavola Burger (Cooking: Medium; Extras: 2× Cheese; Remove: NO Onion)',
              itemName: 'Tavola Burger',
              quantity: 1,
              notes: null,
              category: 'food',
              options: [
                { group: 'Cooking', option: 'Medium', quantity: 1, preModifier: null },
                { group: 'Extras', option: 'Cheese', quantity: 2, preModifier: null },
                { group: 'Remove', option: 'Onion', quantity: 1, preModifier: 'no' },
                { group: 'Remove', option: 'Pickles', quantity: 1, preModifier: 'no' },
              ],
            },
            { name: 'Tiramisu', quantity: 2, notes: null, category: 'food' },
          ],
        })}
        station="kitchen"
        now={new Date()}
        busy={false}
        onAction={() => {}}
      />,
    );
    const card = screen.getByRole('article');
    const [burger, tiramisu] = within(card).getAllByRole('listitem', {
      name: (_n, el) => el.parentElement?.getAttribute('aria-label') !== 'Options',
    });
    // The item's own name on the line, its options under it.
    expect(burger).toHaveTextContent(/^1 × Tavola Burger/);
    const options = within(burger!).getByRole('list', { name: 'Options' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cooking: Medium', 'Extras: 2× Cheese', 'Remove: NO Onion, NO Pickles']);
    const removals = options.querySelectorAll('[data-removal]');
    expect([...removals].map((r) => r.textContent)).toEqual(['NO Onion', 'NO Pickles']);
    for (const r of removals) expect(r.tagName).toBe('STRONG');
    expect(within(tiramisu!).queryByRole('list', { name: 'Options' })).not.toBeInTheDocument();
  });
});

describe('ticket card: the guest’s allergy note', () => {
  const card = (allergyNote: string | null) =>
    render(
      <TicketCard
        ticket={ticket({ id: 'k2', orderNumber: 72, allergyNote })}
        station="bar"
        now={new Date()}
        busy={false}
        onAction={() => {}}
      />,
    );

  it('puts it above the lines, named in words and emphasised in red', () => {
    card('Severe peanut allergy\nno sesame either');
    const note = screen.getByRole('region', { name: 'Allergy' });
    expect(note).toHaveTextContent(/^Allergy/);
    expect(note).toHaveTextContent('Severe peanut allergy');
    expect(note.className).toMatch(/border-red-700/);
    expect(within(note).getByText(/Severe peanut allergy/).className).toMatch(/font-bold/);
    // Before what there is to make.
    const lines = screen.getByRole('article').querySelector('ul')!;
    expect(note.compareDocumentPosition(lines) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing without one', () => {
    card(null);
    expect(screen.queryByRole('region', { name: 'Allergy' })).not.toBeInTheDocument();
  });
});

describe('ticket card: lines moved to another table', () => {
  const at = new Date().toISOString();
  it('tells the station where moved lines went and where arrived lines came from', () => {
    render(
      <>
        <TicketCard
          ticket={ticket({
            id: 'b1',
            orderNumber: 41,
            tableNumber: 3,
            items: [{ name: 'Craft Beer', quantity: 1, notes: null, category: 'drink' }],
            changes: [
              {
                name: 'Craft Beer',
                from: { quantity: 3, notes: null },
                to: { quantity: 1, notes: null },
                by: 'Marco Rossi',
                at,
                movedTo: 8,
              },
            ],
          })}
          station="bar"
          now={new Date()}
          busy={false}
          onAction={() => {}}
        />
        <TicketCard
          ticket={ticket({
            id: 'b2',
            orderNumber: 42,
            tableNumber: 8,
            items: [{ name: 'Craft Beer', quantity: 2, notes: null, category: 'drink' }],
            changes: [
              {
                name: 'Craft Beer',
                from: { quantity: 0, notes: null },
                to: { quantity: 2, notes: null },
                by: 'Marco Rossi',
                at,
                movedFrom: 3,
              },
            ],
          })}
          station="bar"
          now={new Date()}
          busy={false}
          onAction={() => {}}
        />
      </>,
    );
    const left = within(screen.getByRole('article', { name: 'Order 41, table 3' })).getByRole(
      'region',
      { name: 'Changed by the waiter' },
    );
    expect(left).toHaveTextContent('Craft Beer: 2 moved to table 8, 1 stay (Marco Rossi)');
    const arrived = within(screen.getByRole('article', { name: 'Order 42, table 8' })).getByRole(
      'region',
      { name: 'Changed by the waiter' },
    );
    expect(arrived).toHaveTextContent('Craft Beer: 2 moved here from table 3 (Marco Rossi)');
  });
});

describe('ticket card: a held course', () => {
  const held = (whole: boolean) =>
    render(
      <TicketCard
        ticket={ticket({
          id: 'k9',
          orderNumber: 90,
          ...(whole ? { held: true } : {}),
          items: [
            ...(whole
              ? []
              : [{ name: 'Caesar Salad', quantity: 1, notes: null, category: 'food', course: 1 }]),
            {
              name: 'Classic Burger',
              quantity: 1,
              notes: null,
              category: 'food',
              course: 2,
              held: true,
            },
          ],
        })}
        station="kitchen"
        now={new Date()}
        busy={false}
        onAction={() => {}}
      />,
    );

  it('is greyed with "held" and cannot be started until its course is fired', () => {
    held(true);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Held until fired')).toBeInTheDocument();
    expect(within(card).getByText('held')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('works the fired lines of a ticket and marks only the held one', () => {
    held(false);
    const card = screen.getByRole('article');
    expect(within(card).queryByText('Held until fired')).not.toBeInTheDocument();
    const lines = card.querySelectorAll('li[data-held]');
    expect([...lines].map((l) => l.textContent)).toEqual([
      expect.stringContaining('Classic Burger'),
    ]);
    expect(within(card).getByRole('button', { name: /start/i })).toBeEnabled();
  });
});

describe('all-day counts and a held course', () => {
  it('counts a held line only once it is fired', () => {
    const lines = (held: boolean) => [
      ticket({
        id: 'a1',
        orderNumber: 91,
        items: [
          { name: 'Classic Burger', quantity: 2, notes: null, category: 'food', course: 2, held },
          { name: 'Caesar Salad', quantity: 1, notes: null, category: 'food', course: 1 },
        ],
      }),
    ];
    expect(allDayCounts(lines(true)).map((r) => [r.label, r.quantity])).toEqual([
      ['Caesar Salad', 1],
    ]);
    expect(allDayCounts(lines(false)).map((r) => [r.label, r.quantity])).toEqual([
      ['Classic Burger', 2],
      ['Caesar Salad', 1],
    ]);
  });
});

describe('ticket card: the course of a line', () => {
  it('names the course as the restaurant does, and by its number when the ticket has no name', () => {
    render(
      <TicketCard
        ticket={ticket({
          id: 'k5',
          orderNumber: 75,
          items: [
            {
              name: 'Ossobuco',
              quantity: 1,
              notes: null,
              category: 'food',
              seat: 2,
              course: 2,
              courseName: 'Secondi',
            },
            { name: 'Panna cotta', quantity: 1, notes: null, category: 'food', course: 4 },
          ],
        })}
        station="kitchen"
        now={new Date()}
        busy={false}
        onAction={() => {}}
      />,
    );
    const card = within(screen.getByRole('article'));
    expect(card.getByText('Secondi · Seat 2')).toBeInTheDocument();
    expect(card.queryByText(/Course 2/)).not.toBeInTheDocument();
    expect(card.getByText('Course 4')).toBeInTheDocument();
  });
});
