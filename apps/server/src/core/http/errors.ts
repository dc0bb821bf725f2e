import {
  ERROR_STATUS,
  REFUSAL_KINDS,
  REFUSALS_SENT_AS_CLASS,
  refusalText,
  type ErrorCode,
  type ErrorParams,
  type RefusalCode,
} from '@tavola/contract';

/** The one error type services throw; the error handler maps its code to a status and envelope. */
export class AppError extends Error {
  /** What the envelope's `code` says: the refusal's own code, or its class when it has none. */
  readonly code: ErrorCode | RefusalCode;
  /** The class of the refusal (CONFLICT, NOT_FOUND, …): what the status and callers decide by. */
  readonly kind: ErrorCode;
  readonly statusCode: number;
  /** The values the message names, sent beside it for clients that word the refusal themselves. */
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, message: string, params?: ErrorParams, refusal?: RefusalCode) {
    super(message);
    this.name = 'AppError';
    this.code = refusal ?? code;
    this.kind = code;
    this.statusCode = ERROR_STATUS[code];
    this.params = params;
  }
}

/**
 * A refusal from the message catalog: its English text, its class and status, and its code and
 * params for the envelope (`refuse('DAY_CLOSED', { date })`). Params a message names go to the
 * client as they are; a refusal with none sends none. A refusal the catalog sends as its class
 * (`REFUSALS_SENT_AS_CLASS`) has the class as its code and no params.
 */
export function refuse(code: RefusalCode, params?: ErrorParams): AppError {
  const text = refusalText(code, params ?? {});
  if (REFUSALS_SENT_AS_CLASS.has(code)) return new AppError(REFUSAL_KINDS[code], text);
  const hasParams = params !== undefined && Object.keys(params).length > 0;
  return new AppError(REFUSAL_KINDS[code], text, hasParams ? params : undefined, code);
}

/**
 * A 400 in words of its own, for what is not the server's refusal: a test's stand-in payment
 * provider rejecting a callback. The server's own refusals come from the catalog (`refuse`).
 */
export const badRequest = (message: string) => new AppError('VALIDATION', message);
