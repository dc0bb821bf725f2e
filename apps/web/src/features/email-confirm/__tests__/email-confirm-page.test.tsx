import { RECIPIENT_LINK_INVALID } from '@tavola/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderRoute } from '@/testing/render-route';

const link = (patch: object = {}) => ({
  email: 'owner@example.com',
  restaurantName: 'Trattoria <b>Uno</b>',
  purpose: 'confirm',
  status: 'pending',
  ...patch,
});

describe('the page a report recipient’s link opens', () => {
  it('changes nothing on opening; Confirm confirms', async () => {
    const api = fakeApi({
      'POST /api/public/report-recipients/lookup': { data: link() },
      'POST /api/public/report-recipients/confirm': { data: link({ status: 'confirmed' }) },
    });
    const { user } = renderRoute('/email/confirm#tok_abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText('owner@example.com')).toBeVisible();
    // The restaurant's name is text, never markup.
    expect(screen.getByText('Trattoria <b>Uno</b>')).toBeVisible();
    expect(api.callsTo('POST /api/public/report-recipients/lookup')[0]?.body).toEqual({
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
    });
    expect(api.callsTo('POST /api/public/report-recipients/confirm')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Confirmed\./)).toBeVisible();
    expect(api.callsTo('POST /api/public/report-recipients/confirm')).toHaveLength(1);
  });

  it('declines, and a report’s stop link stops the reports', async () => {
    const api = fakeApi({
      'POST /api/public/report-recipients/lookup': { data: link({ purpose: 'unsubscribe' }) },
      'POST /api/public/report-recipients/decline': { data: link({ status: 'declined' }) },
    });
    const { user } = renderRoute('/email/confirm#tok_abcdefghijklmnopqrstuvwxyz');
    await user.click(await screen.findByRole('button', { name: 'Stop these reports' }));
    expect(await screen.findByText(/will not receive any reports/)).toBeVisible();
    await waitFor(() =>
      expect(api.callsTo('POST /api/public/report-recipients/decline')).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('says so when the link is used or expired', async () => {
    fakeApi({
      'POST /api/public/report-recipients/lookup': { status: 404, error: RECIPIENT_LINK_INVALID },
    });
    renderRoute('/email/confirm#tok_abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(RECIPIENT_LINK_INVALID)).toBeVisible();
  });
});
