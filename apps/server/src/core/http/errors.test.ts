import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { AppError, refuse } from './errors.js';
import { bodyOf } from '../../testing/client.js';

describe('refuse', () => {
  it('words a refusal from the catalog and keeps its class for status and callers', () => {
    const error = refuse('DAY_CLOSED', { date: '2026-11-26' });
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('The business day 2026-11-26 is already closed');
    expect(error).toMatchObject({ code: 'DAY_CLOSED', kind: 'CONFLICT', statusCode: 409 });
    expect(error.params).toEqual({ date: '2026-11-26' });
    expect(refuse('ORDER_NOT_FOUND').params).toBeUndefined();
  });

  it('answers with the code and params beside the English text', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/closed', () => {
      throw refuse('DAY_CLOSED', { date: '2026-11-26' });
    });
    app.get('/plain', () => {
      throw new AppError('CONFLICT', 'Something else');
    });
    const closed = await app.inject({ method: 'GET', url: '/closed' });
    expect(closed.statusCode).toBe(409);
    expect(bodyOf(closed)).toEqual({
      success: false,
      error: 'The business day 2026-11-26 is already closed',
      code: 'DAY_CLOSED',
      params: { date: '2026-11-26' },
    });
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    expect(bodyOf(plain)).toEqual({ success: false, error: 'Something else', code: 'CONFLICT' });
    await app.close();
  });

  it('sends a shutting-down server as UNAVAILABLE, the class a client retries on', async () => {
    // A guest's page and the load tests read 503 UNAVAILABLE as "try again": the shutdown refusal
    // keeps that code (it once went out as SERVER_SHUTTING_DOWN, seen only when a request met
    // the shutdown window).
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/stopping', () => {
      throw refuse('SERVER_SHUTTING_DOWN');
    });
    const stopping = await app.inject({ method: 'GET', url: '/stopping' });
    expect(stopping.statusCode).toBe(503);
    expect(bodyOf(stopping)).toEqual({
      success: false,
      error: 'The server is shutting down, please try again',
      code: 'UNAVAILABLE',
    });
    await app.close();
  });
});
