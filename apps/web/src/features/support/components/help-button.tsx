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
import { t } from '../messages';
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
      <Field label={t('subject')} id="support-subject">
        <Input
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field label={t('message')} id="support-message">
        <Textarea
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          rows={4}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <FormAlert />
      {sent && <Alert tone="success">{t('ticketSent')}</Alert>}
      <div className="flex justify-end">
        <FormSubmit>{t('sendToSupport')}</FormSubmit>
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
            <span className="text-xs font-semibold text-brand-700">{t('answered')}</span>
          )}
          <StatusBadge status={ticket.status} />
        </summary>
        <div className="space-y-3 border-t border-stone-200 p-3">
          <TicketThread ticket={ticket} timeZone={timeZone} />
          <MessageForm
            id={`reply-${ticket.id}`}
            label={t('writeAgain')}
            rows={2}
            submit={t('send')}
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
      toast({ title: t('supportAnswered'), description: event.data.subject });
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
        title={t('help')}
        aria-label={t(news ? 'helpNews' : 'help')}
        className="relative px-3 sm:px-4"
      >
        <LifeBuoy aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">{t('help')}</span>
        {news && (
          <span aria-hidden className="absolute -top-1 -right-1 size-3 rounded-full bg-red-600" />
        )}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('helpTitle')}
        description={t('helpDescription')}
      >
        <div className="space-y-5">
          <NewTicketForm />
          <section aria-label={t('yourTickets')} className="space-y-2">
            <h3 className="font-semibold">{t('yourTickets')}</h3>
            {tickets.isPending && <p className="text-sm text-stone-600">{t('loadingTickets')}</p>}
            {tickets.isError && <Alert tone="error">{problemText(tickets.error)}</Alert>}
            {tickets.data && tickets.data.tickets.length === 0 && (
              <p className="text-sm text-stone-600">{t('noTickets')}</p>
            )}
            {tickets.data && tickets.data.tickets.length > 0 && (
              <ul className="space-y-2">
                {tickets.data.tickets.map((ticket) => (
                  <TicketItem key={ticket.id} ticket={ticket} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </Dialog>
    </>
  );
}
