import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import StripePayment from '../components/stripe-payment';

// Stripe's loader, faked: no script is fetched; the test sees what the card form is asked.
const calls = vi.hoisted(() => ({
  loaded: [] as string[],
  elements: [] as unknown[],
  mounted: 0,
  destroyed: 0,
  confirmAnswer: {},
}));
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: async (key: string) => {
    calls.loaded.push(key);
    return {
      elements: (options: unknown) => {
        calls.elements.push(options);
        return {
          create: () => ({
            mount: () => void calls.mounted++,
            destroy: () => void calls.destroyed++,
          }),
        };
      },
      confirmPayment: async () => calls.confirmAnswer,
    };
  },
}));

describe('the Stripe card form', () => {
  beforeEach(() => {
    calls.loaded = [];
    calls.elements = [];
    calls.mounted = 0;
    calls.destroyed = 0;
  });

  it("mounts Stripe's Payment Element for the intent and reports a confirmed card as sent", async () => {
    calls.confirmAnswer = {};
    const onSent = vi.fn();
    const onFailed = vi.fn();
    const view = render(
      <StripePayment
        publishableKey="pk_test_abc"
        clientSecret="pi_1_secret_2"
        amount="€12.00"
        onSent={onSent}
        onFailed={onFailed}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Confirm €12.00' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls.loaded).toEqual(['pk_test_abc']);
    expect(calls.elements).toEqual([{ clientSecret: 'pi_1_secret_2' }]);
    expect(calls.mounted).toBe(1);
    fireEvent.click(button);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(onFailed).not.toHaveBeenCalled();
    view.unmount();
    expect(calls.destroyed).toBe(1);
  });

  it("reports Stripe's refusal of the card in Stripe's words", async () => {
    calls.confirmAnswer = { error: { message: 'Your card was declined.', type: 'card_error' } };
    const onSent = vi.fn();
    const onFailed = vi.fn();
    render(
      <StripePayment
        publishableKey="pk_test_abc"
        clientSecret="pi_3_secret_4"
        amount="€5.00"
        onSent={onSent}
        onFailed={onFailed}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Confirm €5.00' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card was declined.'));
    expect(onSent).not.toHaveBeenCalled();
  });
});
