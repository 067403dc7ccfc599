import type { ModuleAccess } from '../../lib/record-access';
import { USER_EVALUATION_ENTITY } from './user-evaluations.repository';
import type { UserEvaluationsService } from './user-evaluations.service';

/** A user evaluation's history follows it: whoever sees it reads it. */
export function userEvaluationsAccess(userEvaluations: UserEvaluationsService): ModuleAccess {
  return { history: { [USER_EVALUATION_ENTITY]: (db, id, actor) => userEvaluations.canSee(db, id, actor) } };
}
