// What `npm run bench:translate` measures local translation with, through the engine's front door
// (index.ts: loadTranslationRoutes()).
export {
  apertiumPairs,
  apertiumTranslate,
  candidateRoutes,
  translateAlong,
  type ApertiumRoute,
} from './apertium.js';
export { MEASURED_ROUTES } from './translation-coverage.js';
export {
  MAX_UNTRANSLATED,
  offeredRoutes,
  passes,
  type RouteMeasurement,
} from './translation-routes.js';
