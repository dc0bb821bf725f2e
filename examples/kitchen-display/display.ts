/**
 * A minimal third-party kitchen display built on @tavola/client: it lists the kitchen's open
 * tickets, oldest first, and bumps the oldest one step on (new → preparing → ready → served).
 *
 *   TAVOLA_URL=http://localhost:3000 TAVOLA_API_KEY=tvk_live_… npx tsx examples/kitchen-display/display.ts
 *
 * The key needs the scopes tickets:read and tickets:write. Add `--watch` to refresh every five
 * seconds without bumping anything.
 */
import { createTavolaClient, TavolaApiError } from '@tavola/client';

const baseUrl = process.env.TAVOLA_URL ?? 'http://localhost:3000';
const apiKey = process.env.TAVOLA_API_KEY;
if (!apiKey) {
  console.error('Set TAVOLA_API_KEY to a key with tickets:read and tickets:write.');
  process.exit(1);
}

const tavola = createTavolaClient({ baseUrl, apiKey });

async function show() {
  const { tickets } = await tavola.listTickets({ query: { station: 'kitchen' } });
  const open = tickets.filter((t) => t.status !== 'served');
  console.log(`\n${new Date().toLocaleTimeString()}  kitchen: ${open.length} open ticket(s)`);
  for (const t of open) {
    const where = t.tableNumber === null ? 'tab' : `table ${t.tableNumber}`;
    const lines = t.lines.map((l) => `${l.quantity}× ${l.name}${l.notes ? ` (${l.notes})` : ''}`);
    console.log(
      `  #${t.orderNumber}  ${where.padEnd(9)} ${t.status.padEnd(9)} ${lines.join(', ')}`,
    );
  }
  return open;
}

if (process.argv.includes('--watch')) {
  for (;;) {
    await show();
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
} else {
  const open = await show();
  const oldest = open[0];
  if (oldest) {
    try {
      // The status we saw: if another screen bumped it meanwhile, the server refuses (409).
      const bumped = await tavola.bumpTicket({
        params: { id: oldest.id },
        body: { status: oldest.status === 'served' ? undefined : oldest.status },
      });
      console.log(`\nBumped #${bumped.orderNumber}: now ${bumped.status}`);
    } catch (err) {
      if (err instanceof TavolaApiError) console.error(`Not bumped: ${err.status} ${err.code}`);
      else throw err;
    }
  }
}
