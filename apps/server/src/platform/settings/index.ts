// What the app registers: the team's Settings tab and the public brand.
export { platformSettingsRoutes } from './routes.js';
// What other areas and modules use: the brand, the trial duration, the maintenance state.
export {
  currentReservedNames,
  currentTrialDays,
  platformBrand,
  platformSettingsCache,
  readPlatformSettings,
  type PlatformSettingsRow,
} from './store.js';
