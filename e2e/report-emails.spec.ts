import fs from 'node:fs';
import { expect, test } from './fixtures';
import { startTestSmtp, type TestSmtp } from '../apps/server/src/testing/smtp';
import { signInWithDemoCard } from './helpers';

// The server under test sends email to this port (playwright.config.ts: SMTP_URL).
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 20000;

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp(SMTP_PORT);
});
test.afterAll(async () => smtp?.close());

/** A CSV's figure by its label ("Total"), as the report writes it: "Total","123.45". */
const csvFigure = (csv: string, label: string) =>
  new RegExp(`\\r\\n"${label}","([^"]*)"\\r\\n`).exec(csv)?.[1];

test('the manager reads a report for a range, downloads its CSV, schedules it and sends it now; it arrives with the same totals', async ({
  page,
  context,
}) => {
  await signInWithDemoCard(page, 'manager1');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByRole('tab', { name: 'Scheduled email' }).click();

  // A daily CSV of the sales summary to the owner, sent now: it covers yesterday.
  await page.getByLabel('Format').selectOption('csv');
  await page.getByLabel('Recipients (comma separated)').fill('owner@example.com');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const schedule = page.getByRole('listitem', { name: 'Sales summary schedule' });
  await expect(schedule).toContainText('Daily at 07:00 to owner@example.com');
  await expect(schedule).toContainText('owner@example.com: waiting for confirmation');

  // The owner confirms the way a recipient does: the link in the one email they got, then the
  // page's Confirm button (opening the link alone changes nothing).
  await expect.poll(() => smtp.messages.length, { timeout: 20_000 }).toBe(1);
  const confirmation = smtp.messages[0]!;
  expect(confirmation.subject).toBe('Confirm to receive reports by email');
  const link = /https?:\/\/\S+\/email\/confirm#[A-Za-z0-9_-]+/.exec(confirmation.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const recipient = await context.newPage();
  await recipient.goto(link!);
  await expect(recipient.getByText('would like to email its reports to')).toBeVisible();
  await recipient.getByRole('button', { name: 'Confirm' }).click();
  await expect(recipient.getByText(/^Confirmed\./)).toBeVisible();
  await recipient.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByRole('tab', { name: 'Scheduled email' }).click();
  await expect(schedule).toContainText('owner@example.com: confirmed');
  await schedule.getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => smtp.messages.length, { timeout: 20_000 }).toBe(2);
  const mail = smtp.messages[1]!;
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('owner@example.com');
  const [attachment] = mail.attachments;
  const day = /^sales-(\d{4}-\d{2}-\d{2})\.csv$/.exec(attachment!.filename ?? '')?.[1];
  expect(day).toBeTruthy();
  const mailed = attachment!.content.toString('utf8');
  // The log says it was sent.
  const log = page.getByRole('region', { name: 'Email log' });
  await expect(log.getByRole('row').nth(1)).toContainText('Sent');

  // The same day on screen: the same total, and its CSV download the same again.
  await page.getByRole('tab', { name: 'Reports' }).click();
  await page.getByLabel('Period').selectOption('day');
  await page.getByLabel('Date').fill(day!);
  await expect(page.getByText(`${day} (Europe/Rome)`, { exact: false })).toBeVisible();
  const total = page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd');
  await expect(total).toHaveText(csvFigure(mailed, 'Total')!);
  expect(Number(csvFigure(mailed, 'Orders'))).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`sales-${day}.csv`);
  const csv = fs.readFileSync(await file.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvFigure(csv.toString('utf8'), 'Total')).toBe(csvFigure(mailed, 'Total'));

  // A week (Monday to Sunday) holding that day, on screen.
  await page.getByLabel('Period').selectOption('week');
  await expect(
    page.getByText(/\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(Europe\/Rome\)/),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'By day' }).getByRole('row')).toHaveCount(9);
});
