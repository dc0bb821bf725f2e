import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  createStationInputSchema,
  stationListResponseSchema,
  stationResponseSchema,
  updateStationInputSchema,
} from './schemas.js';

const tags = ['Stations'];

/** The restaurant's stations: kitchen, bar and those the manager added. */
export const stationsRoutes = {
  listStations: defineRouteContract({
    method: 'GET',
    path: '/api/stations',
    operationId: 'listStations',
    summary: "The restaurant's stations (kitchen and bar at least), in display order",
    tags,
    scope: 'staff',
    permissions: ['view_kitchen', 'view_bar', 'view_tables', 'manage_menu'],
    response: stationListResponseSchema,
  }),
  createStation: defineRouteContract({
    method: 'POST',
    path: '/api/stations',
    operationId: 'createStation',
    summary: 'Add a station (grill, pizza, pastry…) with its own display',
    tags,
    scope: 'staff',
    permissions: ['manage_menu'],
    body: createStationInputSchema,
    response: stationResponseSchema,
    status: 201,
    errors: [409],
  }),
  updateStation: defineRouteContract({
    method: 'PUT',
    path: '/api/stations/:id',
    operationId: 'updateStation',
    summary: 'Rename a station, change its kind, order, estimate, or (de)activate it',
    tags,
    scope: 'staff',
    permissions: ['manage_menu'],
    params: idParamSchema,
    body: updateStationInputSchema,
    response: stationResponseSchema,
    errors: [404, 409],
  }),
  deactivateStation: defineRouteContract({
    method: 'DELETE',
    path: '/api/stations/:id',
    operationId: 'deactivateStation',
    summary:
      'Deactivate a station: its categories and items go back to the default routing (kitchen and bar cannot be)',
    tags,
    scope: 'staff',
    permissions: ['manage_menu'],
    params: idParamSchema,
    response: stationResponseSchema,
    errors: [404, 409],
  }),
};
