import type { ServerModule } from '../core/module.js';
import { brandingArea } from './branding/module.js';
import { plansArea } from './plans/module.js';
import { platformSettingsArea } from './settings/module.js';
import { supportArea } from './support/module.js';
import { tenantsArea } from './tenants/module.js';

/**
 * The manifest of the platform's areas (the team's console under /api/platform, and what a
 * restaurant sees of the platform: its plan, its brand, support), declared like the restaurant
 * modules (modules/index.ts) and registered after them.
 */
export const platformAreas: readonly ServerModule[] = [
  tenantsArea,
  plansArea,
  platformSettingsArea,
  brandingArea,
  supportArea,
];
