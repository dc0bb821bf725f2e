import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, type SupportTicket } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, problemText } from '@/components/ui/form';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useRestaurantTimeZone } from '@/lib/auth';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { useMyTickets } from '../api/get-my-tickets';
import { useOpenTicket } from '../api/open-ticket';
import { useReplyTicket } from '../api/reply-ticket';
import { myTicketsKey } from '../api/support-keys';
import { MessageForm, StatusBadge, TicketThread } from './ticket-parts';

function NewTicketForm() {
  const openTicket = useOpenTicket();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  // Said in the dialog: a toast behind a modal is hidden from assistive technology.
  const [sent, setSent] = useState(false);

  return (
    <Form
      className="space-y-3"
      noValidate
      onSubmit={() => {
        setSent(false);
        return openTicket.mutateAsync({ subject: subject.trim(), message: message.trim() });
      }}
      onSaved={() => {
        setSent(true);
        setSubject('');
        setMessage('');
      }}
    >
      <Field label="Subject" id="support-subject">
        <Input
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field label="Message" id="support-message">
        <Textarea
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          rows={4}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <FormAlert />
      {sent && <Alert tone="success">Ticket sent. The support team will answer here.</Alert>}
      <div className="flex justify-end">
        <FormSubmit>Send to support</FormSubmit>
      </div>
    </Form>
  );
}

function TicketItem({ ticket }: { ticket: SupportTicket }) {
  const timeZone = useRestaurantTimeZone();
  const reply = useReplyTicket();
  return (
    <li>
      <details className="rounded-xl border border-stone-200 bg-white">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2">
          <span className="min-w-0 flex-1 font-semibold break-words">{ticket.subject}</span>
          {ticket.answered && ticket.status !== 'resolved' && (
            <span className="text-xs font-semibold text-brand-700">Answered</span>
          )}
          <StatusBadge status={ticket.status} />
        </summary>
        <div className="space-y-3 border-t border-stone-200 p-3">
          <TicketThread ticket={ticket} timeZone={timeZone} />
          <MessageForm
            id={`reply-${ticket.id}`}
            label="Write again"
            rows={2}
            submit="Send"
            small
            send={(message) => reply.mutateAsync({ id: ticket.id, message })}
          />
        </div>
      </details>
    </li>
  );
}

/**
 * The Help entry of the admin's and manager's dashboards: open a ticket to
 * the support team and follow the restaurant's tickets; answers arrive live (and the button
 * shows a dot until the dialog is opened).
 */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState(false);
  const queryClient = useQueryClient();
  const tickets = useMyTickets({ enabled: open });
  useRealtimeEvents((event) => {
    if (event.type !== 'support_ticket_updated') return;
    void queryClient.invalidateQueries({ queryKey: myTicketsKey });
    if (event.data.change === 'answered' && !open) {
      setNews(true);
      toast({ title: 'Support answered', description: event.data.subject });
    }
  });

  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setOpen(true);
          setNews(false);
        }}
        title="Help"
        aria-label={news ? 'Help (new answer)' : 'Help'}
        className="relative px-3 sm:px-4"
      >
        <LifeBuoy aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Help</span>
        {news && (
          <span aria-hidden className="absolute -top-1 -right-1 size-3 rounded-full bg-red-600" />
        )}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Help & support"
        description="Ask the support team. Their answers appear here as soon as they are sent."
      >
        <div className="space-y-5">
          <NewTicketForm />
          <section aria-label="Your tickets" className="space-y-2">
            <h3 className="font-semibold">Your tickets</h3>
            {tickets.isPending && <p className="text-sm text-stone-600">Loading tickets…</p>}
            {tickets.isError && <Alert tone="error">{problemText(tickets.error)}</Alert>}
            {tickets.data && tickets.data.tickets.length === 0 && (
              <p className="text-sm text-stone-600">No tickets yet.</p>
            )}
            {tickets.data && tickets.data.tickets.length > 0 && (
              <ul className="space-y-2">
                {tickets.data.tickets.map((t) => (
                  <TicketItem key={t.id} ticket={t} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </Dialog>
    </>
  );
}
