import type { ServerEventMessage } from '@tavola/contract';

const money = (data: Record<string, unknown>, key: string) => {
  const amount = data[key];
  const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : 'EUR';
  return typeof amount === 'number' ? ` (${currency} ${amount.toFixed(2)})` : '';
};

/** A one-line, human description of an event for the notifications list. */
export function describeEvent(event: Pick<ServerEventMessage, 'type' | 'data'>): string {
  const d = event.data;
  const table = typeof d.tableNumber === 'number' ? `Table ${d.tableNumber}` : 'A table';
  const order = typeof d.orderNumber === 'number' ? `#${d.orderNumber}` : '';
  switch (event.type) {
    case 'table_activated':
      return `${table} is seated${typeof d.customerCount === 'number' ? ` (${d.customerCount} guest${d.customerCount === 1 ? '' : 's'})` : ''}`;
    case 'call_waiter':
      return typeof d.message === 'string' && d.message
        ? d.message
        : `${table} is calling a waiter`;
    case 'payment_requested':
      return `${table} asks for the bill${money(d, 'amount')}`;
    case 'order_placed':
      return `New order ${order} from ${table.toLowerCase()}${money(d, 'total')}`;
    case 'kitchen_order':
      return `Kitchen ticket for order ${order}, ${table.toLowerCase()}`;
    case 'bar_order':
      return `Bar ticket for order ${order}, ${table.toLowerCase()}`;
    case 'order_ready':
      return `Order ${order} for ${table.toLowerCase()} is ready to serve`;
    case 'payment_completed':
      return `${table} has paid${money(d, 'amount')}`;
    case 'menu_updated':
      return typeof d.name === 'string' ? `Menu updated: ${d.name}` : 'Menu updated';
    case 'staff_notification':
      return typeof d.message === 'string' ? d.message : 'Staff notification';
    default:
      return event.type.replaceAll('_', ' ');
  }
}
