import { ERROR_STATUS, type ErrorCode, type ErrorParams } from '@tavola/contract';

/** The one error type services throw; the error handler maps its code to a status and envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** The values the message names, sent beside it for clients that word the refusal themselves. */
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, message: string, params?: ErrorParams) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.params = params;
  }
}

export const badRequest = (message: string) => new AppError('VALIDATION', message);
export const unauthorized = (message = 'Unauthorized') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
