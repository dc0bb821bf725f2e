import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([menuItem({ id: 'm1', name: 'Margherita' })]);

beforeEach(() => FakeWebSocket.install());

describe('Request Payment (spec §2 and §5; issue 13, item 8)', () => {
  it('says why it is off before the session starts, and asks for the bill right after an add, with nothing ordered yet', async () => {
    const api = fakeApi({
      'GET /api/menu/public': { data: MENU },
      'POST /api/sessions/public/start': { data: { sessionId: 's1', opened: true } },
      'GET /api/sessions/public/summary': { data: summary({ sessionId: 's1' }) },
      'POST /api/tables/public/request-payment': {
        data: { requestId: 'q1', alreadyRequested: false },
      },
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

    // The first add makes the session active (spec §4): no order is needed to ask for the bill.
    await user.click(add);
    await waitFor(() => expect(requestPayment).toBeEnabled());
    expect(screen.queryByText('Add an item to your order to start your session.')).toBeNull();
    await user.click(requestPayment);
    expect(await screen.findByText('Payment request sent.')).toBeVisible();
    expect(api.callsTo('POST /api/tables/public/request-payment')).toHaveLength(1);
    expect(api.callsTo('POST /api/tables/public/request-payment')[0]?.body).toEqual({
      token: 'QR-T7',
    });
    expect(api.callsTo('POST /api/orders/public')).toHaveLength(0);
  });
});
