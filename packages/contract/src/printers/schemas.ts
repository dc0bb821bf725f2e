import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { stationSlugSchema } from '../stations/schemas.js';

/**
 * What a printer last told the server: `online` (its status bytes said nothing was wrong),
 * `offline` (it refused the connection, did not answer, or its status says off-line),
 * `paper_out`, `cover_open`, or `unknown` (never reached yet).
 */
export const PRINTER_STATUSES = [
  'online',
  'offline',
  'paper_out',
  'cover_open',
  'unknown',
] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];

/** The command language the printer speaks: Epson ESC/POS, or Star's (Star Line mode). */
export const PRINTER_COMMAND_SETS = ['epson', 'star'] as const;
export type PrinterCommandSet = (typeof PRINTER_COMMAND_SETS)[number];

/**
 * The printer's character table: cp858 (Western Europe with €, the default), windows1252 (also
 * with €), cp437 (the printers' factory table, no €).
 */
export const PRINTER_CODE_PAGES = ['cp858', 'windows1252', 'cp437'] as const;
export type PrinterCodePage = (typeof PRINTER_CODE_PAGES)[number];

/** What a print job prints. */
export const PRINT_JOB_KINDS = ['ticket', 'receipt', 'z_report', 'test'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** A job waits (`pending`), is being sent (`printing`), or the printer took it (`printed`). */
export const PRINT_JOB_STATUSES = ['pending', 'printing', 'printed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Attempts on a station's main printer before its job moves to the backup. */
export const PRINT_ATTEMPTS_BEFORE_BACKUP = 2;
/** Seconds between attempts of a job that failed (the last repeats). */
export const PRINT_RETRY_SECONDS = [2, 5, 10, 30] as const;
/** A printer's default raw TCP port (JetDirect / "port 9100"). */
export const PRINTER_DEFAULT_PORT = 9100;
/** The longest wait for the alert the issue promises: the screens show it within this. */
export const PRINTER_ALERT_SECONDS = 10;

export const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The printer's address on the network the server (or its agent) reaches. */
  host: z.string(),
  port: z.number().int(),
  commandSet: z.enum(PRINTER_COMMAND_SETS),
  codePage: z.enum(PRINTER_CODE_PAGES),
  /** Characters per line at the normal size (42 or 48 on 80 mm paper, 32 on 58 mm). */
  columns: z.number().int(),
  /** The restaurant's receipt printer (one at most). */
  receipt: z.boolean(),
  /** The print agent it is reached through, or null when the server reaches it itself. */
  agentId: z.string().nullable(),
  status: z.enum(PRINTER_STATUSES),
  lastSeenAt: z.string().nullable(),
  lastError: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  /** Stations whose main printer it is, and whose backup. */
  stations: z.array(stationSlugSchema),
  backupFor: z.array(stationSlugSchema),
  /** Jobs waiting for it now. */
  pendingJobs: z.number().int(),
});

export type Printer = z.infer<typeof printerSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Printer name is required' })
  .max(40, { error: 'Printer name is at most 40 characters' });

const hostSchema = z
  .string()
  .trim()
  .min(1, { error: 'host is required' })
  .max(253, { error: 'host is at most 253 characters' })
  .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'host must be an IP address or a host name' });

const portSchema = z
  .number()
  .int()
  .min(1, { error: 'port must be between 1 and 65535' })
  .max(65535, { error: 'port must be between 1 and 65535' });

const columnsSchema = z
  .number()
  .int()
  .min(24, { error: 'columns must be between 24 and 64' })
  .max(64, { error: 'columns must be between 24 and 64' });

/** POST /api/printers. */
export const createPrinterInputSchema = z.object({
  name: nameSchema,
  host: hostSchema,
  port: portSchema.default(9100),
  commandSet: z.enum(PRINTER_COMMAND_SETS).default('epson'),
  codePage: z.enum(PRINTER_CODE_PAGES).default('cp858'),
  columns: columnsSchema.default(42),
  receipt: z.boolean().default(false),
  agentId: z.uuid({ error: 'agentId must be a print agent id' }).nullable().default(null),
});

export type CreatePrinterInput = z.input<typeof createPrinterInputSchema>;

/** PUT /api/printers/{id}: what changes. */
export const updatePrinterInputSchema = z.object({
  name: nameSchema.optional(),
  host: hostSchema.optional(),
  port: portSchema.optional(),
  commandSet: z.enum(PRINTER_COMMAND_SETS).optional(),
  codePage: z.enum(PRINTER_CODE_PAGES).optional(),
  columns: columnsSchema.optional(),
  receipt: z.boolean().optional(),
  agentId: z.uuid({ error: 'agentId must be a print agent id' }).nullable().optional(),
});

export type UpdatePrinterInput = z.infer<typeof updatePrinterInputSchema>;

/** PUT /api/printers/stations/{station}: the station's printer and backup (null: none). */
export const stationPrintersInputSchema = z.object({
  printerId: z.uuid({ error: 'printerId must be a printer id' }).nullable(),
  backupPrinterId: z.uuid({ error: 'backupPrinterId must be a printer id' }).nullable(),
});

export type StationPrintersInput = z.infer<typeof stationPrintersInputSchema>;

export const stationParamSchema = z.object({ station: stationSlugSchema });

export const stationPrintersSchema = z.object({
  station: stationSlugSchema,
  printerId: z.string().nullable(),
  backupPrinterId: z.string().nullable(),
});

/** A print job as the printers screen lists it. */
export const printJobSchema = z.object({
  id: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  status: z.enum(PRINT_JOB_STATUSES),
  station: stationSlugSchema.nullable(),
  /** What it prints, in a few words ("Order #12 · Table 4", "Receipt #31"). */
  title: z.string(),
  printerId: z.string().nullable(),
  /** The printer that printed it (the backup when it moved there). */
  printedOn: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});

export type PrintJob = z.infer<typeof printJobSchema>;

/**
 * POST /api/printers/receipts: a receipt's copy, by its number (the day's payments) or by an
 * order's number (the order history: the latest receipt of its bill). Exactly one of the two.
 */
export const printReceiptInputSchema = z
  .object({
    number: z.number().int().positive({ error: 'number must be a receipt number' }).optional(),
    orderNumber: z
      .number()
      .int()
      .positive({ error: 'orderNumber must be an order number' })
      .optional(),
  })
  .refine((b) => (b.number === undefined) !== (b.orderNumber === undefined), {
    error: 'Give either number or orderNumber',
  });

export type PrintReceiptInput = z.infer<typeof printReceiptInputSchema>;

/** POST /api/printers/orders: an order's tickets again, each on its station's printer. */
export const reprintOrderInputSchema = z.object({
  orderNumber: z.number().int().positive({ error: 'orderNumber must be an order number' }),
});

/** POST /api/printers/z-report: the Z report of a day (its local date). */
export const printZReportInputSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' }),
});

export const printerListResponseSchema = successResponseSchema(z.array(printerSchema));
export const printerResponseSchema = successResponseSchema(printerSchema);
export const stationPrintersResponseSchema = successResponseSchema(stationPrintersSchema);
export const printJobResponseSchema = successResponseSchema(printJobSchema);
export const printJobListResponseSchema = successResponseSchema(z.array(printJobSchema));
export const deletedPrinterResponseSchema = successResponseSchema(z.object({ id: z.string() }));

/** A print agent as the printers screen lists it: its health is whether it is connected now. */
export const printAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters (the whole token is shown once, at creation). */
  tokenStart: z.string(),
  connected: z.boolean(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export type PrintAgent = z.infer<typeof printAgentSchema>;

/** POST /api/printers/agents. */
export const createPrintAgentInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Agent name is required' })
    .max(40, { error: 'Agent name is at most 40 characters' }),
});

export const printAgentListResponseSchema = successResponseSchema(z.array(printAgentSchema));
export const printAgentResponseSchema = successResponseSchema(printAgentSchema);
export const printAgentWithTokenResponseSchema = successResponseSchema(
  printAgentSchema.extend({ token: z.string() }),
);

/** What the server and an agent say on the agent's socket (JSON text frames). */
export type AgentMessage =
  /** The server accepted the agent's token: the agent is signed in. */
  | { type: 'hello'; agentId: string; name: string }
  | {
      type: 'print';
      /** Answered by a `result` with the same id. */
      id: string;
      host: string;
      port: number;
      commandSet: PrinterCommandSet;
      /** The job's bytes, base64; empty: only the printer's status is asked. */
      bytes: string;
    }
  | {
      type: 'result';
      id: string;
      ok: boolean;
      status: PrinterStatus;
      error: string | null;
    };
