import type { ModuleAccess } from '../../lib/record-access';
import { SAMPLE_ENTITY, type SamplesService } from './samples.service';

/** A sample's history follows the sample's own reading rule (its trip's scope, or the laboratory); 404 outside. */
export function samplesAccess(samples: SamplesService): ModuleAccess {
  return { history: { [SAMPLE_ENTITY]: (db, id, actor) => samples.canSee(db, id, actor) } };
}
