import { EVALUATION_LOCKED_MESSAGE } from '@qlcv/common/schemas/evaluations';
import { AppError } from '../../lib/errors';

// The refusals shared by the evaluations and user-evaluations modules: a small file of their own, so neither service
// imports the other for them.

/** Every write on a closed period. */
export const locked = () => new AppError(409, 'EVALUATION_LOCKED', EVALUATION_LOCKED_MESSAGE);
/** A transition the record's status does not allow. */
export const invalidState = (message: string) => new AppError(409, 'INVALID_STATE', message);
