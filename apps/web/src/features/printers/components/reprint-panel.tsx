import { ticketsRoutes } from '@tavola/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { runSave } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { call } from '@/lib/api-client';
import { placeTextOf } from '@/lib/place-messages';
import { usePrinters, useReprintTicket } from '../api/printers';
import { t } from '../messages';

/**
 * Under a station's board, when the station prints: any ticket on the display or recently
 * served, printed again (marked REPRINT) on the station's printer.
 */
export function ReprintPanel({ station }: { station: string }) {
  const { data: printers } = usePrinters();
  const prints = (printers ?? []).some(
    (p) => p.stations.includes(station) || p.backupFor.includes(station),
  );
  const [chosen, setChosen] = useState('');
  const reprint = useReprintTicket();
  const { data } = useQuery({
    queryKey: ['printers', 'reprintable', station],
    queryFn: ({ signal }) => call(ticketsRoutes.listTickets, { query: { station } }, { signal }),
    enabled: prints,
  });
  if (!prints) return null;
  const tickets = [...(data?.tickets ?? []), ...(data?.recentlyServed ?? [])];
  const ticket = tickets.find((x) => x.id === chosen) ?? tickets[0];
  return (
    <details className="mt-4 rounded-xl bg-white p-4 shadow-sm">
      <summary className="cursor-pointer text-base font-semibold">{t('reprint')}</summary>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Select
          aria-label={t('reprintChoose')}
          value={ticket?.id ?? ''}
          onChange={(e) => setChosen(e.target.value)}
        >
          {tickets.map((x) => (
            <option key={x.id} value={x.id}>
              #{x.orderNumber} · {placeTextOf(x)}
            </option>
          ))}
        </Select>
        <Button
          disabled={!ticket || reprint.isPending}
          onClick={() =>
            ticket &&
            void runSave(() => reprint.mutateAsync(ticket.id), {
              success: { title: t('reprinted'), description: `#${ticket.orderNumber}` },
              failure: t('unableToPrint'),
            })
          }
        >
          {ticket ? t('reprintOf', { order: ticket.orderNumber }) : t('reprint')}
        </Button>
      </div>
    </details>
  );
}
