import {
  diningSessionsRoutes,
  paymentsRoutes,
  REVIEW_COMMENT_MAX,
  reviewsRoutes,
  type DomainEvent,
  type LeaveReviewInput,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';

/** When this file's tests began: what they write is stamped between this and their checks. */
const FILE_STARTED = Date.now();

describe.each(BACKENDS)('guest reviews (issue 13, item 9) on %s', (backend) => {
  let t: TestApp;
  let manager: string;
  let api: Client;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    t.app.bus.subscribe((e) => published.push(e));
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  /** A guest's review at the table of `token`. */
  const review = ({ token, ...body }: LeaveReviewInput) =>
    api.guest(token).call(reviewsRoutes.leaveReview, { body });
  const summary = (token = manager) => api.as(token).call(reviewsRoutes.getReviewSummary);
  const start = async (token: string) =>
    (await api.guest(token).call(diningSessionsRoutes.startSession)).data.sessionId;

  it('takes a review only once the visit has an order', async () => {
    const sessionId = await start('QR-T2');
    const early = await review({ token: 'QR-T2', sessionId, rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      success: false,
      error: 'You can leave a review after your first order.',
      code: 'REVIEW_BEFORE_ORDER',
    });
    // No visit at all at a table nobody sat at.
    const none = await review({ token: 'QR-T12', rating: 4 });
    expect(none.status).toBe(409);
    expect(none.error).toBe('There is no visit to review at this table yet.');

    expect((await placeGuestOrder(t, 'QR-T2', [['Classic Burger', 1]])).status).toBe(201);
    const left = await review({
      token: 'QR-T2',
      sessionId,
      rating: 4,
      comment: '  Lovely burger.\nSlow drinks.  ',
    });
    expect(left.status).toBe(201);
    expect(left.data).toMatchObject({ rating: 4, comment: 'Lovely burger.\nSlow drinks.' });
    const [row] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.diningSessionId, sessionId));
    expect(row).toMatchObject({ rating: 4, restaurantId: t.restaurantId });

    // The manager hears it: a typed event with the table, for the manager's eyes.
    const event = published.find((e) => e.type === 'review_left');
    expect(event?.type === 'review_left' && event.data).toMatchObject({
      tableNumber: 2,
      sessionId,
      rating: 4,
      comment: 'Lovely burger.\nSlow drinks.',
    });
    expect(event?.tableId).toBeNull();
  });

  it('takes one review per visit: a second, even at once, is refused with a clear 409', async () => {
    expect((await placeGuestOrder(t, 'QR-T3', [['Craft Beer', 2]])).status).toBe(201);
    const sessionId = await start('QR-T3');
    const [a, b] = await Promise.all([
      review({ token: 'QR-T3', sessionId, rating: 5 }),
      review({ token: 'QR-T3', rating: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toEqual({
      success: false,
      error: 'This visit has already been reviewed. Thank you!',
      code: 'REVIEW_ALREADY_LEFT',
    });
    const again = await review({ token: 'QR-T3', sessionId, rating: 3, comment: 'Again' });
    expect(again.status).toBe(409);
    expect(
      await t.database.db.select().from(reviews).where(eq(reviews.diningSessionId, sessionId)),
    ).toHaveLength(1);
  });

  it('reviews the visit just paid for, by its session, after the table is free again', async () => {
    const placed = (await placeGuestOrder(t, 'QR-T4', [['Classic Burger', 1]])).data;
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: { method: 'card' },
    });
    expect(paid.status).toBe(201);
    const left = await review({ token: 'QR-T4', sessionId: placed.sessionId, rating: 5 });
    expect(left.status).toBe(201);
  });

  it.each([
    [{ rating: 0 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 3.5 }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '5' }, 'rating must be a whole number from 1 to 5'],
    [{}, 'rating must be a whole number from 1 to 5'],
    [
      { rating: 4, comment: 'x'.repeat(REVIEW_COMMENT_MAX + 1) },
      `comment must be at most ${REVIEW_COMMENT_MAX} characters`,
    ],
    [{ rating: 4, comment: 'bad\u0000text' }, 'comment cannot contain control characters'],
    [{ rating: 4, comment: 42 }, 'comment must be text'],
    [{ rating: 4, sessionId: 'nope' }, 'sessionId must be a valid identifier'],
  ])('refuses %j with a 400', async (fields, error) => {
    const res = await api.send(reviewsRoutes.leaveReview, { body: { token: 'QR-T2', ...fields } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error, code: 'VALIDATION' });
  });

  it("refuses another table's code for this visit, and another restaurant's visit, as not found", async () => {
    expect((await placeGuestOrder(t, 'QR-T5', [['Classic Burger', 1]])).status).toBe(201);
    const sessionId = await start('QR-T5');
    const other = await review({ token: 'QR-T6', sessionId, rating: 1, comment: 'Not mine' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({
      success: false,
      error: 'Visit not found',
      code: 'REVIEW_VISIT_NOT_FOUND',
    });
    const unknown = await review({ token: 'QR-NOPE', sessionId, rating: 1 });
    expect(unknown.status).toBe(404);
    expect(
      await t.database.db.select().from(reviews).where(eq(reviews.diningSessionId, sessionId)),
    ).toHaveLength(0);
  });

  it("shows the manager the average, the count and the latest reviews with table and time; nobody else's", async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    const data = res.data;
    // Table 2: 4 stars; table 3: 5 or 1 (whichever won the race); table 4: 5 stars.
    const ratings = data.latest.map((r) => r.rating);
    expect(data.count).toBe(3);
    expect(data.averageRating).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / 3) * 10) / 10);
    expect(data.timezone).toBe('Europe/Rome');
    expect(data.latest[0]).toMatchObject({ tableNumber: 4, rating: 5, comment: null });
    expect(data.latest.at(-1)).toMatchObject({
      tableNumber: 2,
      rating: 4,
      comment: 'Lovely burger.\nSlow drinks.',
    });
    // Left by the tests above, so between this file's start and now.
    expect(Date.parse(data.latest[0]!.createdAt)).toBeGreaterThanOrEqual(FILE_STARTED);
    expect(Date.parse(data.latest[0]!.createdAt)).toBeLessThanOrEqual(Date.now());

    // Staff who do not read reports, and another restaurant's manager.
    expect((await summary(await signInAs(t, 'waiter'))).status).toBe(403);
    const elsewhere = await createOtherRestaurant(t);
    const theirs = (await summary(elsewhere.tokens.manager)).data;
    expect(theirs).toMatchObject({ count: 0, averageRating: null, latest: [] });
  });
});

describe('guest reviews are rate limited like every guest call', () => {
  let t: TestApp;
  // Built in a hook (with the hooks' longer timeout): building the app is not what is tested.
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 3, wsConnect: 1000 },
    });
  });
  afterAll(async () => t?.close());

  it('answers 429 once a table has used its budget', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await client(t.app)
            .guest('QR-T7')
            .call(reviewsRoutes.leaveReview, { body: { rating: 5 } })
        ).status,
      );
    }
    expect(codes).toEqual([409, 409, 409, 429]);
  });
});
