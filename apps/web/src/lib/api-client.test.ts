import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('unwraps the data of a success envelope', async () => {
    answer(200, { success: true, data: { id: 'x' } });
    await expect(apiRequest('/api/thing', { auth: false })).resolves.toEqual({ id: 'x' });
  });

  it("keeps a refusal's text, code and params for the screen to decide by", async () => {
    answer(409, {
      success: false,
      error: 'The business day 2026-11-26 is closed',
      code: 'CONFLICT',
      params: { date: '2026-11-26' },
    });
    const error = await apiRequest('/api/thing', { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'The business day 2026-11-26 is closed',
      status: 409,
      code: 'CONFLICT',
      params: { date: '2026-11-26' },
    });
  });

  it('falls back to the status when the answer is not the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const error = await apiRequest('/api/thing', { auth: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'HTTP 502', status: 502, code: null, params: null });
  });
});
