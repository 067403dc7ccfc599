import type { ModuleAccess } from '../../lib/record-access';
import { type SamplingTripsService, TRIP_ENTITY } from './sampling-trips.service';

/** A trip's history follows the trip's scope (404 outside it). */
export function samplingTripsAccess(trips: SamplingTripsService): ModuleAccess {
  return { history: { [TRIP_ENTITY]: (db, id, actor) => trips.canSee(db, id, actor) } };
}
