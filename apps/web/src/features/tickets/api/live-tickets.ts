import type { Station, Ticket, TicketList } from '@tavola/contract';
import type { LiveEvent } from '@/lib/realtime/events';

/** How many served tickets the recall row keeps (the server sends the last ten minutes). */
const RECENTLY_SERVED_MAX = 20;

/** A ticket moved by an event that does not carry it whole (older stored events, on resume). */
function patched(
  current: Ticket,
  { status, items }: { status: Ticket['status']; items?: Ticket['items'] },
  at: string,
): Ticket {
  return {
    ...current,
    status,
    ...(items ? { items } : {}),
    startTime: status === 'preparing' ? (current.startTime ?? at) : current.startTime,
    readyTime: status === 'ready' ? (current.readyTime ?? at) : current.readyTime,
    servedTime: status === 'served' ? at : null,
  };
}

/**
 * One station's board after a live event, from the event alone: a new ticket, a ticket's move
 * (served ones go to the recall row, recalled ones come back), what a void left of it, and the
 * waiter who claimed its table. `undefined` when the event does not concern this board.
 */
export function applyStationEvent(
  board: TicketList,
  event: LiveEvent,
  station: Station,
): TicketList | undefined {
  switch (event.type) {
    case 'kitchen_order':
    case 'bar_order':
    case 'station_order': {
      // Kitchen and bar by their own event; an added station by the station the event carries.
      if (
        event.type === 'station_order'
          ? event.data.station !== station
          : event.type !== `${station}_order`
      )
        return undefined;
      const { ticket } = event.data;
      if (board.tickets.some((t) => t.id === ticket.id)) return undefined;
      return { ...board, tickets: [...board.tickets, ticket] };
    }
    case 'kitchen_ticket_updated':
    case 'bar_ticket_updated':
    case 'station_ticket_updated': {
      if (
        event.type === 'station_ticket_updated'
          ? event.data.station !== station
          : event.type !== `${station}_ticket_updated`
      )
        return undefined;
      const { ticketId, removed, ticket } = event.data;
      const current =
        board.tickets.find((t) => t.id === ticketId) ??
        board.recentlyServed.find((t) => t.id === ticketId);
      const tickets = board.tickets.filter((t) => t.id !== ticketId);
      const recentlyServed = board.recentlyServed.filter((t) => t.id !== ticketId);
      if (removed) return current ? { tickets, recentlyServed } : undefined;
      const moved: Ticket | undefined =
        ticket ?? (current && patched(current, event.data, event.timestamp));
      if (!moved) return undefined;
      return moved.status === 'served'
        ? { tickets, recentlyServed: [moved, ...recentlyServed].slice(0, RECENTLY_SERVED_MAX) }
        : { tickets: [...tickets, moved], recentlyServed };
    }
    case 'table_updated': {
      // A claim names the table's waiter; every ticket of that table shows them.
      const { tableId, assignedWaiterName } = event.data;
      if (assignedWaiterName === undefined) return undefined;
      if (!board.tickets.some((t) => t.tableId === tableId)) return undefined;
      return {
        ...board,
        tickets: board.tickets.map((t) =>
          t.tableId === tableId ? { ...t, waiter: assignedWaiterName } : t,
        ),
      };
    }
    case 'priority_changed': {
      // Only open tickets change priority; this station's take their new one (and their place).
      const changed = new Map(
        event.data.tickets.filter((t) => t.station === station).map((t) => [t.id, t]),
      );
      if (!board.tickets.some((t) => changed.has(t.id))) return undefined;
      return {
        ...board,
        tickets: board.tickets.map((t) => changed.get(t.id) ?? t),
      };
    }
    case 'table_reassigned': {
      // The table's tickets show the waiter now serving it (nobody's: no name).
      const { tableId, to } = event.data;
      if (!board.tickets.some((t) => t.tableId === tableId)) return undefined;
      return {
        ...board,
        tickets: board.tickets.map((t) =>
          t.tableId === tableId ? { ...t, waiter: to?.name ?? null } : t,
        ),
      };
    }
    default:
      return undefined;
  }
}
