import {
  SUPPORT_STATUS_LABELS,
  type SupportTicket,
  type SupportTicketStatus,
} from '@tavola/contract';
import { Badge } from '@/components/ui/badge';
import { formatTime } from '@/lib/format';
import { cn } from '@/lib/cn';

const STATUS_TONES = { open: 'amber', in_progress: 'blue', resolved: 'green' } as const;

export function StatusBadge({ status }: { status: SupportTicketStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SUPPORT_STATUS_LABELS[status]}</Badge>;
}

/** A ticket's messages, oldest first: the restaurant's on the left, the team's on the right. */
export function TicketThread({
  ticket,
  timeZone,
}: {
  ticket: SupportTicket;
  timeZone: string | undefined;
}) {
  return (
    <ol className="space-y-2" aria-label={`Messages of ${ticket.subject}`}>
      {ticket.messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            'max-w-[90%] rounded-xl px-3 py-2 text-sm',
            m.fromTeam ? 'ml-auto bg-brand-50 text-stone-900' : 'bg-stone-100 text-stone-900',
          )}
        >
          <p className="mb-0.5 text-xs text-stone-600">
            <span className="font-semibold">
              {m.fromTeam ? `${m.authorName} (support)` : m.authorName}
            </span>{' '}
            · {formatTime(m.createdAt, timeZone, 'dateTime')}
          </p>
          <p className="break-words whitespace-pre-wrap">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

export const fieldClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none';
