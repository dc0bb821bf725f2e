/**
 * The server's emails in English, by key, word for word as the product has always sent them (the
 * same ICU subset as the refusals: `{name}`, `{count, plural, …}`, `{x, select, …}`). Values are
 * put in as they are, never read as placeholders themselves. Another language is a file of the
 * same shape beside this one.
 */
export const mailsEn = {
  PASSWORD_RESET_SUBJECT: 'Choose a new password for {product}',
  PASSWORD_RESET_BODY:
    'Hello {name},\n' +
    '\n' +
    'Someone asked to reset the password of your {product} account. To choose a new one, open:\n' +
    '{link}\n' +
    '\n' +
    'The link works once, for {minutes} minutes.\n' +
    'If you did not ask, ignore this message: your password stays as it is.',

  EMAIL_VERIFICATION_SUBJECT: 'Verify your email address for {product}',
  EMAIL_VERIFICATION_BODY:
    'Hello {name},\n' +
    '\n' +
    'Open this link to confirm that {email} is your address on {product}:\n' +
    '{link}\n' +
    '\n' +
    'The link works once, for {hours} hours.\n' +
    'We use this address for password recovery and reminders about your trial.\n' +
    'If you did not sign up, ignore this message.',

  REPORT_CONFIRMATION_SUBJECT: 'Confirm to receive reports by email',
  REPORT_CONFIRMATION_BODY:
    'A restaurant using Tavola asked to email its reports to this address ({email}).\n' +
    '\n' +
    'Restaurant: {restaurant}\n' +
    '\n' +
    'Nothing is sent to you unless you confirm. To receive the reports, open this link and press Confirm:\n' +
    '{link}\n' +
    '\n' +
    'If you do not want them, open the same link and press Decline, or ignore this email. The link works for {days} days.',

  REPORT_SUBJECT: '{title}, {period}: {schedule}',
  REPORT_HEADER: '{title}: {restaurant}\nPeriod: {period}\nAmounts in {currency}',
  REPORT_GENERATED: 'Generated {at}. The full report is attached.',
  REPORT_FOOTER:
    '\n\n--\nYou receive this report because you confirmed this address. To stop receiving it: {link}\n',
} as const;

export type MailKey = keyof typeof mailsEn;
