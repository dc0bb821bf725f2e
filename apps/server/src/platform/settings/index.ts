// What other areas and modules use: the brand, the trial duration, the maintenance state.
export {
  currentReservedNames,
  currentTrialDays,
  platformBrand,
  platformSettingsCache,
  readPlatformSettings,
  type PlatformSettingsRow,
} from './store.js';
