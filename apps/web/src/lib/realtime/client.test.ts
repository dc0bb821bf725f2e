import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { RealtimeClient, type ConnectionState } from './client';

const staffParams = { token: 'tok', userId: 'u1', role: 'kitchen', restaurantId: 'r1' };

function startClient(options: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  const client = new RealtimeClient({ params: staffParams, ...options });
  const states: ConnectionState[] = [];
  const seqs: number[] = [];
  client.onState((s) => states.push(s));
  client.onEvent((e) => seqs.push(e.seq));
  client.start();
  return { client, states, seqs };
}

describe('RealtimeClient: reconnect and resume', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reconnects after a dropped line and resumes from the last event it saw', () => {
    const { client, states, seqs } = startClient();
    const first = FakeWebSocket.latest();
    expect(first.url).toMatch(/^ws:\/\/localhost(:\d+)?\/ws\?/);
    expect(Object.fromEntries(first.params)).toEqual(staffParams);

    first.serverOpen({ ready: false });
    // Open is not yet live: the server has not attached the socket and replayed what it missed.
    expect(client.connectionState).toBe('connecting');
    first.serverSend(JSON.stringify({ type: 'ready', data: {} }));
    expect(client.connectionState).toBe('connected');
    expect(document.documentElement.dataset.realtime).toBe('connected');
    // On open the client announces itself.
    expect(first.sent).toEqual([
      expect.objectContaining({
        type: 'user_joined',
        data: { userId: 'u1', role: 'kitchen', restaurantId: 'r1' },
      }),
    ]);
    const e5 = serverEvent('menu_updated', { action: 'updated' }, { seq: 5 });
    const e6 = serverEvent('menu_updated', { action: 'updated' }, { seq: 6 });
    first.serverSend(e5);
    first.serverSend(e6);
    expect(seqs).toEqual([5, 6]);

    first.serverClose(1006);
    expect(client.connectionState).toBe('reconnecting');
    // The first retry comes within 0.5 s ± 25 %, not at once.
    vi.advanceTimersByTime(370);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(260);
    expect(FakeWebSocket.instances).toHaveLength(2);

    const second = FakeWebSocket.latest();
    expect(second.params.get('lastSeq')).toBe('6');
    expect(second.params.get('token')).toBe('tok');
    second.serverOpen();
    second.serverSend(serverEvent('menu_updated', { action: 'updated' }, { seq: 7 }));
    expect(seqs).toEqual([5, 6, 7]);
    expect(states).toEqual(['connected', 'reconnecting', 'connected']);
    client.stop();
  });

  it('waits longer after each failed attempt, and starts over once connected', () => {
    const { client } = startClient();
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(625);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // Second attempt fails before opening: 1 s ± 25 % this time.
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(740);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(520);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(625);
    expect(FakeWebSocket.instances).toHaveLength(4);
    client.stop();
  });

  it('gives up when the server refuses the client (44xx), and says why', () => {
    const onRefused = vi.fn();
    const { client, states } = startClient({ onRefused });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverClose(4401, 'You signed out');

    expect(onRefused).toHaveBeenCalledWith(4401, 'You signed out');
    expect(client.connectionState).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(states).toEqual(['connected', 'closed']);
  });

  it('does not reconnect after stop()', () => {
    const { client } = startClient();
    FakeWebSocket.latest().serverOpen();
    client.stop();
    expect(client.connectionState).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('ignores malformed messages and keeps the highest event number for the resume', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, seqs } = startClient({ params: { tableToken: 'QR-T1' } });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    // A guest's page does not announce itself.
    expect(socket.sent).toEqual([]);
    socket.serverSend('not json');
    socket.serverSend(JSON.stringify({ type: 'menu_updated' }));
    socket.serverSend(serverEvent('menu_updated', { action: 'updated' }, { seq: 9 }));
    // A late, lower-numbered event is delivered but does not move the resume point back.
    socket.serverSend(serverEvent('menu_updated', { action: 'updated' }, { seq: 8 }));
    expect(seqs).toEqual([9, 8]);
    expect(warn).toHaveBeenCalledTimes(2);

    socket.serverClose(1006);
    vi.advanceTimersByTime(625);
    expect(FakeWebSocket.latest().params.get('lastSeq')).toBe('9');
    expect(FakeWebSocket.latest().params.get('tableToken')).toBe('QR-T1');
    client.stop();
  });

  it('drops a send while not connected (spec §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = startClient();
    expect(client.send({ type: 'staff_notification', data: { message: 'hi' } })).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Real-time connection not open; event dropped',
      'staff_notification',
    );
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    expect(client.send({ type: 'staff_notification', data: { message: 'hi' } })).toBe(true);
    expect(socket.sent.at(-1)).toMatchObject({
      type: 'staff_notification',
      data: { message: 'hi' },
      userId: 'u1',
      restaurantId: 'r1',
    });
    client.stop();
  });
});
