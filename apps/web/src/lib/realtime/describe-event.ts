import {
  orderTypeOf,
  placeLabelOf,
  PLANS,
  SUPPORT_STATUS_LABELS,
  type Currency,
  type OrderType,
  type PlanId,
  type TabRef,
} from '@tavola/contract';
import type { NotifiedEvent } from './events';

const money = (amount: number, currency: Currency | undefined) =>
  ` (${(currency ?? 'eur').toUpperCase()} ${amount.toFixed(2)})`;

const guests = (n: number) => `${n} guest${n === 1 ? '' : 's'}`;

/** Where an order goes, inside a sentence: "table 6", or a tab ("Takeaway · Ben"). */
const at = (place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tab?: TabRef | null | undefined;
}) => (orderTypeOf(place) === 'dine_in' ? `table ${place.tableNumber}` : placeLabelOf(place));

const planName = (id: PlanId) => PLANS.find((p) => p.id === id)?.name ?? id;

/** A one-line, human description of an event for the notifications list. */
export function describeEvent(event: NotifiedEvent): string {
  switch (event.type) {
    // The platform team's events.
    case 'restaurant_created':
      return `${event.data.name} was onboarded on ${planName(event.data.plan)} by ${event.data.by}`;
    case 'restaurant_signed_up':
      return `${event.data.name} signed up for a free trial (${event.data.owner})`;
    case 'restaurant_suspended':
      return `${event.data.name} was suspended by ${event.data.by}: ${event.data.reason}`;
    case 'restaurant_activated':
      return `${event.data.name} was activated again by ${event.data.by}: ${event.data.reason}`;
    case 'trial_ending':
      return `${event.data.name}'s free trial ends in ${event.data.daysLeft} day${event.data.daysLeft === 1 ? '' : 's'}`;
    case 'support_ticket_opened':
      return `${event.data.name} opened a support ticket: ${event.data.subject}`;
    case 'support_ticket_replied':
      return `${event.data.name} wrote again on "${event.data.subject}"`;
    case 'support_ticket_answered':
      return `${event.data.by} answered ${event.data.name}: ${event.data.subject}`;
    case 'platform_settings_updated':
      return `Platform settings changed by ${event.data.by}`;
    // A restaurant's support ticket (its admins and managers).
    case 'support_ticket_updated':
      return event.data.change === 'answered'
        ? `Support answered: ${event.data.subject}`
        : event.data.change === 'status'
          ? `Support ticket "${event.data.subject}" is now ${SUPPORT_STATUS_LABELS[event.data.status].toLowerCase()}`
          : `Support ticket: ${event.data.subject}`;
    case 'table_activated':
      return `Table ${event.data.tableNumber} is seated (${guests(event.data.customerCount)})`;
    case 'call_waiter':
      return event.data.message || `Table ${event.data.tableNumber} is calling a waiter`;
    case 'payment_requested':
      // Nothing ordered through the app: the table may have ordered by voice.
      return `Table ${event.data.tableNumber} asks for the bill${event.data.amount > 0 ? money(event.data.amount, event.data.currency) : ' (nothing ordered in the app)'}`;
    case 'order_placed':
      return `New order #${event.data.orderNumber} from ${at(event.data)}${money(event.data.total, event.data.currency)}`;
    case 'kitchen_order':
      return `Kitchen ticket for order #${event.data.orderNumber}, ${at(event.data)}`;
    case 'bar_order':
      return `Bar ticket for order #${event.data.orderNumber}, ${at(event.data)}`;
    case 'order_ready':
      return `Order #${event.data.orderNumber} for ${at(event.data)} is ready to serve`;
    case 'payment_completed':
      return `${placeLabelOf(event.data)} has paid${money(event.data.amount, event.data.currency)}`;
    case 'menu_updated':
      return event.data.name ? `Menu updated: ${event.data.name}` : 'Menu updated';
    case 'staff_notification':
      return event.data.message;
    case 'review_left':
      return `Table ${event.data.tableNumber} left a ${event.data.rating}-star review`;
    case 'priority_changed':
      // Escalated by the system after the restaurant's order timeout.
      if (event.data.escalatedAfterMinutes !== undefined)
        return `Urgent: order #${event.data.orderNumber}, ${at(event.data)}, still new after ${event.data.escalatedAfterMinutes} minutes`;
      return `Urgent: order #${event.data.orderNumber}, ${at(event.data)}`;
    case 'table_closed':
      return event.data.reason === 'idle'
        ? `Table ${event.data.tableNumber} freed: nobody ordered`
        : `Table ${event.data.tableNumber} closed`;
    case 'table_reassigned': {
      const { tableNumber, to, via } = event.data;
      if (!to) return `Table ${tableNumber} is unassigned: any waiter may claim it`;
      return via === 'hand_over'
        ? `Table ${tableNumber} handed over to ${to.name}`
        : `Table ${tableNumber} reassigned to ${to.name}`;
    }
    case 'tab_opened':
      return `${placeLabelOf({ tableNumber: null, orderType: event.data.type, tab: event.data.tab })} opened`;
    case 'tab_closed':
      return `${placeLabelOf({ tableNumber: null, orderType: event.data.type, tab: event.data.tab })} closed`;
    case 'webhook_endpoint_disabled':
      return `Webhook to ${event.data.url} was turned off after a day of failed deliveries`;
    case 'printer_status_changed':
      return event.data.status === 'online'
        ? `Printer ${event.data.name} is back online`
        : `Printer ${event.data.name}: ${event.data.error ?? event.data.status.replaceAll('_', ' ')}`;
    case 'print_job_rerouted':
      return `${event.data.title} moved from ${event.data.fromPrinterName} to ${event.data.toPrinterName}`;
    default:
      return event.type.replaceAll('_', ' ');
  }
}
