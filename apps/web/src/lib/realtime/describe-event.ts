import {
  orderTypeOf,
  PLANS,
  type Currency,
  type OrderType,
  type PlanId,
  type TabRef,
} from '@tavola/contract';
import { placeTextOf } from '../place-messages';
import { t } from './event-messages';
import type { NotifiedEvent } from './events';

const money = (amount: number, currency: Currency | undefined) =>
  t('money', { currency: (currency ?? 'eur').toUpperCase(), amount: amount.toFixed(2) });

/** Where an order goes, inside a sentence: "table 6", or a tab ("Takeaway · Ben"). */
const at = (place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tab?: TabRef | null | undefined;
}) =>
  orderTypeOf(place) === 'dine_in'
    ? t('atTable', { table: place.tableNumber })
    : placeTextOf(place);

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
        ? t('supportAnswered', { subject: event.data.subject })
        : event.data.change === 'status'
          ? t('supportStatus', {
              subject: event.data.subject,
              status: t(`supportStatus_${event.data.status}`),
            })
          : t('supportTicket', { subject: event.data.subject });
    case 'table_activated':
      return t('tableSeated', {
        table: event.data.tableNumber,
        guests: t('guests', { count: event.data.customerCount }),
      });
    case 'call_waiter':
      return event.data.message || t('callingWaiter', { table: event.data.tableNumber });
    case 'payment_requested':
      // Nothing ordered through the app: the table may have ordered by voice.
      return t('asksForBill', {
        table: event.data.tableNumber,
        amount:
          event.data.amount > 0
            ? money(event.data.amount, event.data.currency)
            : t('nothingOrdered'),
      });
    case 'order_placed':
      return t('orderPlaced', {
        number: event.data.orderNumber,
        place: at(event.data),
        amount: money(event.data.total, event.data.currency),
      });
    case 'kitchen_order':
      return t('kitchenTicket', { number: event.data.orderNumber, place: at(event.data) });
    case 'bar_order':
      return t('barTicket', { number: event.data.orderNumber, place: at(event.data) });
    case 'order_ready':
      return t('orderReady', { number: event.data.orderNumber, place: at(event.data) });
    case 'payment_completed':
      return t('paid', {
        place: placeTextOf(event.data),
        amount: money(event.data.amount, event.data.currency),
      });
    case 'menu_updated':
      return event.data.name ? t('menuUpdatedItem', { name: event.data.name }) : t('menuUpdated');
    case 'staff_notification':
      return event.data.message;
    case 'review_left':
      return t('review', { table: event.data.tableNumber, rating: event.data.rating });
    case 'priority_changed':
      // Escalated by the system after the restaurant's order timeout.
      if (event.data.escalatedAfterMinutes !== undefined)
        return t('urgentEscalated', {
          number: event.data.orderNumber,
          place: at(event.data),
          minutes: event.data.escalatedAfterMinutes,
        });
      return t('urgent', { number: event.data.orderNumber, place: at(event.data) });
    case 'table_closed':
      return t(event.data.reason === 'idle' ? 'tableFreed' : 'tableClosed', {
        table: event.data.tableNumber,
      });
    case 'table_reassigned': {
      const { tableNumber, to, via } = event.data;
      if (!to) return t('tableUnassigned', { table: tableNumber });
      return t(via === 'hand_over' ? 'tableHandedOver' : 'tableReassigned', {
        table: tableNumber,
        name: to.name,
      });
    }
    case 'tab_opened':
      return t('tabOpened', {
        place: placeTextOf({ tableNumber: null, orderType: event.data.type, tab: event.data.tab }),
      });
    case 'tab_closed':
      return t('tabClosed', {
        place: placeTextOf({ tableNumber: null, orderType: event.data.type, tab: event.data.tab }),
      });
    case 'webhook_endpoint_disabled':
      return t('webhookDisabled', { url: event.data.url });
    case 'printer_status_changed':
      return event.data.status === 'online'
        ? t('printerBackOnline', { name: event.data.name })
        : t('printerProblem', {
            name: event.data.name,
            problem: event.data.error ?? event.data.status.replaceAll('_', ' '),
          });
    case 'print_job_rerouted':
      return t('printJobRerouted', {
        title: event.data.title,
        from: event.data.fromPrinterName,
        to: event.data.toPrinterName,
      });
    default:
      return event.type.replaceAll('_', ' ');
  }
}
