import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { billOrder, menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

const MENU = publicMenu([menuItem({ id: 'm1', name: 'Margherita' })]);
const SESSION = '7d1f3c2a-0b9e-4c1d-8f6a-2e5b4c3d2a10';

function guestServer(
  bill: ReturnType<typeof summary>,
  review: Parameters<typeof fakeApi>[0][string],
) {
  return fakeApi({
    'GET /api/menu/public': { data: MENU },
    'POST /api/sessions/public/start': { data: { sessionId: SESSION, opened: false } },
    'GET /api/sessions/public/summary': { data: bill },
    'POST /api/reviews/public': review,
  });
}

beforeEach(() => FakeWebSocket.install());

describe('Leave Review (issue 13, item 9)', () => {
  it('asks for an order first', async () => {
    guestServer(summary({ sessionId: SESSION, hasActiveSession: true }), { status: 500 });
    const { user } = renderRoute('/order?token=QR-T7');
    await screen.findByRole('button', { name: 'Add Margherita' });
    await user.click(screen.getByRole('button', { name: 'Leave Review' }));
    expect(await screen.findByText('You can leave a review after your first order.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull();
  });

  it('sends the stars and the comment for the visit, then thanks the guest', async () => {
    const api = guestServer(
      summary({
        sessionId: SESSION,
        hasActiveSession: true,
        orders: [billOrder()],
        totals: { eur: 19, usd: 21 },
      }),
      { status: 201, data: { id: 'v1', rating: 4, comment: 'Great', createdAt: '' } },
    );
    const { user } = renderRoute('/order?token=QR-T7');
    await screen.findByText('Order 41');
    await user.click(screen.getByRole('button', { name: 'Leave Review' }));
    const form = await screen.findByRole('form', { name: 'Leave a review' });
    const submit = screen.getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), ' Great ');
    await user.click(submit);

    expect(await screen.findByText('Thank you for your review!')).toBeVisible();
    expect(form).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/reviews/public')[0]?.body).toEqual({
      token: 'QR-T7',
      sessionId: SESSION,
      rating: 4,
      comment: 'Great',
    });
  });

  it("says the server's refusal, such as a second review of the visit", async () => {
    guestServer(summary({ sessionId: SESSION, hasActiveSession: true, orders: [billOrder()] }), {
      status: 409,
      error: 'This visit has already been reviewed. Thank you!',
    });
    const { user } = renderRoute('/order?token=QR-T7');
    await screen.findByText('Order 41');
    await user.click(screen.getByRole('button', { name: 'Leave Review' }));
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This visit has already been reviewed. Thank you!',
      ),
    );
  });
});
