import { NOTHING_TO_PAY } from '@tavola/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([menuItem({ id: 'm1', name: 'Margherita' })]);

beforeEach(() => FakeWebSocket.install());

describe('Request Payment (spec §2 and §5)', () => {
  it('says why it is off before the session starts, and shows the refusal of a bill with nothing ordered', async () => {
    const api = fakeApi({
      'GET /api/menu/public': { data: MENU },
      'GET /api/sessions/public/summary': { data: summary({ sessionId: null }) },
      'POST /api/tables/public/request-payment': { status: 409, error: NOTHING_TO_PAY },
    });
    const { user } = renderRoute('/order?token=QR-T7');

    const add = await screen.findByRole('button', { name: 'Add Margherita' });
    const requestPayment = screen.getByRole('button', { name: 'Request Payment' });
    expect(requestPayment).toBeDisabled();
    expect(requestPayment).toHaveAccessibleDescription(
      'Add an item to your order to start your session.',
    );
    // The bill says plainly that it holds nothing yet.
    expect(screen.getByText('Nothing ordered through the app yet.')).toBeVisible();

    // The first add makes the session active; the server refuses a bill with nothing
    // ordered, and the page says so in the spec's words.
    await user.click(add);
    await waitFor(() => expect(requestPayment).toBeEnabled());
    await user.click(requestPayment);
    expect(await screen.findByText(`Failed to request payment: ${NOTHING_TO_PAY}`)).toBeVisible();
    expect(api.callsTo('POST /api/tables/public/request-payment')[0]?.body).toEqual({
      token: 'QR-T7',
    });
    // Loading the page opened no session.
    expect(api.callsTo('POST /api/sessions/public/start')).toHaveLength(0);
  });
});
