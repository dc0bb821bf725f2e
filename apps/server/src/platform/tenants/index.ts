// What the app registers of the tenants area: the team's console and the public sign-up.
export { platformTenantRoutes } from './routes.js';
export { signupRoutes } from './signup-routes.js';
