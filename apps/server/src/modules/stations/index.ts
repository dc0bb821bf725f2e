// The restaurant's stations as data: what other modules read of them (routing, displays, estimates).
export {
  listStations,
  requireActiveStation,
  stationFacts,
  stationFactsOf,
  type StationFacts,
} from './service.js';
