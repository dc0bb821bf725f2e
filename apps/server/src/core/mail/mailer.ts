import nodemailer from 'nodemailer';

/** One email with its attachments. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends email; configured or not at all (nothing pretends to send). */
export interface Mailer {
  /** Resolves to the SMTP server's message id once it has accepted the message. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

/**
 * Email through an SMTP server (nodemailer), from `SMTP_URL`: smtp:// (STARTTLS when the server
 * offers it) or smtps://, with the user and password in the URL. Null when none is configured.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
}): Mailer | null {
  if (!options.smtpUrl) return null;
  const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  return {
    async send(message) {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        attachments: message.attachments,
      });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
