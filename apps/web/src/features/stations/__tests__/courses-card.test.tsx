import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

beforeAll(() => preloadRoute('/manager'));
beforeEach(() => FakeWebSocket.install());

const settings = {
  courses: [
    { number: 1, name: 'Starters', position: 0 },
    { number: 2, name: 'Mains', position: 1 },
    { number: 3, name: 'Desserts', position: 2 },
  ],
  fireDelayMinutes: null,
};

it('renames, adds and reorders the courses and sets the fire delay, keeping every number', async () => {
  const api = fakeApi({
    'GET /api/stations': { data: [] },
    'GET /api/courses': { data: settings },
    'PUT /api/courses': { data: settings },
  });
  const { user } = renderRoute('/manager?tab=menu&section=stations', {
    user: staffUser('manager'),
  });
  const list = await screen.findByRole('list', { name: 'Courses' });
  await waitFor(() => expect(within(list).getAllByRole('textbox')).toHaveLength(3));
  const first = within(list).getByLabelText('Course 1 name');
  await user.clear(first);
  await user.type(first, 'Antipasti');
  await user.click(screen.getByRole('button', { name: 'Add course' }));
  await user.click(screen.getByRole('button', { name: 'Move Desserts later' }));
  await user.type(screen.getByLabelText(/Fire the next course after/), '10');
  await user.click(screen.getByRole('button', { name: 'Save courses' }));
  await waitFor(() => expect(api.callsTo('PUT /api/courses')).toHaveLength(1));
  expect(api.callsTo('PUT /api/courses')[0]!.body).toEqual({
    courses: [
      { number: 1, name: 'Antipasti' },
      { number: 2, name: 'Mains' },
      { name: 'New course' },
      { number: 3, name: 'Desserts' },
    ],
    fireDelayMinutes: 10,
  });
});
