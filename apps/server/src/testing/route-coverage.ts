/**
 * Routes the app registers outside the contract, by `METHOD url`. Each is infrastructure, not an
 * operation of the API: the live socket (not HTTP once upgraded), the API document and its
 * reference page (they describe the contract rather than belong to it), and the web app's pages.
 */
export const INFRASTRUCTURE_ROUTES: readonly string[] = [
  'GET /ws',
  // A print agent's socket (its device token is checked by the route itself).
  'GET /agent',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /*',
];

/**
 * TEMPORARY: the routes still registered by hand while they move into the
 * contract. Each entry leaves this list as its route moves; the list ends empty and goes.
 */
export const UNCONVERTED_ROUTES: readonly string[] = [];
