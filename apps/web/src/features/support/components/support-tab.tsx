import {
  SUPPORT_STATUS_LABELS,
  SUPPORT_TICKET_STATUSES,
  type SupportTicket,
  type SupportTicketStatus,
} from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { problemText } from '@/components/ui/form';
import { formatTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useRealtimePlatformEvents } from '@/lib/realtime/provider';
import { useAnswerTicket, useSetTicketStatus } from '../api/answer-ticket';
import { useAllTickets } from '../api/get-all-tickets';
import { allTicketsKey } from '../api/support-keys';
import { MessageForm, StatusBadge, TicketThread } from './ticket-parts';

function TicketDetail({ ticket }: { ticket: SupportTicket }) {
  const answer = useAnswerTicket();
  const setStatus = useSetTicketStatus();
  const [problem, setProblem] = useState<string | null>(null);

  const onStatus = async (status: SupportTicketStatus) => {
    setProblem(null);
    try {
      await setStatus.mutateAsync({ id: ticket.id, status });
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  return (
    <section aria-label={`Ticket ${ticket.subject}`} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-bold break-words">{ticket.subject}</h3>
          <p className="text-sm text-stone-600">
            {ticket.restaurant.name} · {ticket.openedBy.name}
            {ticket.openedBy.role ? ` (${ticket.openedBy.role})` : ''}
          </p>
        </div>
        <Field label="Status" id="ticket-status" layout="row" labelClassName="text-sm">
          <Select
            value={ticket.status}
            disabled={setStatus.isPending}
            onChange={(e) => void onStatus(e.target.value as SupportTicketStatus)}
          >
            {SUPPORT_TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SUPPORT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <TicketThread ticket={ticket} timeZone={undefined} />
      {problem && <Alert tone="error">{problem}</Alert>}
      <MessageForm
        id="ticket-reply"
        label="Reply"
        rows={3}
        submit="Send reply"
        send={(message) => answer.mutateAsync({ id: ticket.id, message })}
        success={{ title: 'Reply sent', description: ticket.restaurant.name }}
      />
    </section>
  );
}

/**
 * The team's Support tab: tickets by status, every
 * restaurant's tickets, the answer and the status. New tickets and messages arrive live.
 */
export default function SupportTab() {
  const [status, setStatus] = useState<SupportTicketStatus | ''>('');
  const [selected, setSelected] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { data, isPending, isError, error } = useAllTickets(status);
  useRealtimePlatformEvents((event) => {
    if (event.type.startsWith('support_ticket_')) {
      void queryClient.invalidateQueries({ queryKey: allTicketsKey });
    }
  });
  const tickets = data?.tickets ?? [];
  const current = tickets.find((t) => t.id === selected) ?? null;

  return (
    <div className="space-y-5">
      <div className="grid grid-cols-3 gap-3" aria-label="Support counts" role="group">
        {SUPPORT_TICKET_STATUSES.map((s) => (
          <button
            type="button"
            key={s}
            onClick={() => setStatus(status === s ? '' : s)}
            aria-pressed={status === s}
            className={cn(
              'rounded-xl border bg-white p-3 text-left shadow-sm hover:border-brand-600',
              status === s ? 'border-brand-700' : 'border-stone-200',
            )}
          >
            <span className="block text-sm text-stone-600">{SUPPORT_STATUS_LABELS[s]}</span>
            <span className="block text-2xl font-bold" data-testid={`support-count-${s}`}>
              {data ? data.counts[s] : '–'}
            </span>
          </button>
        ))}
      </div>
      {isError && <Alert tone="error">{problemText(error)}</Alert>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardContent className="pt-4">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 className="font-semibold">Tickets</h2>
              <Select
                aria-label="Filter by status"
                value={status}
                onChange={(e) => setStatus(e.target.value as SupportTicketStatus | '')}
              >
                <option value="">All statuses</option>
                {SUPPORT_TICKET_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {SUPPORT_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </div>
            {isPending && <p className="text-sm text-stone-600">Loading tickets…</p>}
            {data && tickets.length === 0 && (
              <p className="text-sm text-stone-600">No support tickets.</p>
            )}
            <ul className="divide-y divide-stone-200">
              {tickets.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(t.id)}
                    aria-current={t.id === selected}
                    className={cn(
                      'flex w-full flex-col gap-1 px-2 py-2 text-left hover:bg-stone-50',
                      t.id === selected && 'bg-brand-50',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 font-semibold break-words">{t.subject}</span>
                      <StatusBadge status={t.status} />
                    </span>
                    <span className="text-xs text-stone-600">
                      {t.restaurant.name} · {formatTime(t.updatedAt, undefined, 'dateTime')}
                      {!t.answered && t.status !== 'resolved' ? ' · awaiting answer' : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-4">
            {current ? (
              <TicketDetail key={current.id} ticket={current} />
            ) : (
              <p className="text-sm text-stone-600">Choose a ticket to read and answer it.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
