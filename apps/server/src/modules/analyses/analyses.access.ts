import type { ModuleAccess } from '../../lib/record-access';
import { ANALYSIS_ENTITY } from './analyses.mappers';
import type { AnalysesService } from './analyses.service';

/** An analysis's history follows its reading rule (the laboratory; an analyst their own); 404 outside. */
export function analysesAccess(analyses: AnalysesService): ModuleAccess {
  return { history: { [ANALYSIS_ENTITY]: (db, id, actor) => analyses.canSee(db, id, actor) } };
}
