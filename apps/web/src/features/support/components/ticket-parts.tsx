import {
  SUPPORT_MESSAGE_MAX,
  type SupportTicket,
  type SupportTicketStatus,
} from '@tavola/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, type Notice } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { formatTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { t } from '../messages';

const STATUS_TONES = { open: 'amber', in_progress: 'blue', resolved: 'green' } as const;

export function StatusBadge({ status }: { status: SupportTicketStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{t(`status_${status}`)}</Badge>;
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
    <ol className="space-y-2" aria-label={t('messagesOf', { subject: ticket.subject })}>
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
              {m.fromTeam ? t('fromSupport', { name: m.authorName }) : m.authorName}
            </span>{' '}
            · {formatTime(m.createdAt, timeZone, 'dateTime')}
          </p>
          <p className="break-words whitespace-pre-wrap">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * A message written into a ticket (the restaurant's "Write again", the team's "Reply"): sent,
 * then cleared; a refusal shows under it.
 */
export function MessageForm({
  id,
  label,
  rows,
  submit,
  send,
  success,
  small = false,
}: {
  id: string;
  label: string;
  rows: number;
  submit: string;
  send: (message: string) => Promise<unknown>;
  success?: Notice;
  /** The restaurant's reply under a ticket in its list: a small outline button. */
  small?: boolean;
}) {
  const [message, setMessage] = useState('');
  return (
    <Form
      className="space-y-2"
      noValidate
      onSubmit={() => send(message.trim())}
      success={success}
      onSaved={() => setMessage('')}
    >
      <Field label={label} id={id} className="space-y-2">
        <Textarea
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          rows={rows}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <FormAlert />
      <div className="flex justify-end">
        <FormSubmit {...(small ? { size: 'sm', variant: 'outline' } : {})}>{submit}</FormSubmit>
      </div>
    </Form>
  );
}
