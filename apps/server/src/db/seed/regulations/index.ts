import { QCVN_05_2013 } from './qcvn-05-2013';
import { QCVN_05_2023 } from './qcvn-05-2023';
import { QCVN_08_2023 } from './qcvn-08-2023';
import { QCVN_14_2008 } from './qcvn-14-2008';
import { QCVN_19_2009 } from './qcvn-19-2009';
import { QCVN_40_2011 } from './qcvn-40-2011';
import type { RegulationSeed } from './types';

/**
 * The regulations shipped with the app (migration 0043), each with its source in its own file. A replaced regulation
 * names its replacement by code (`replaced_by_code`), so both must be here.
 */
export const REGULATION_SEEDS: RegulationSeed[] = [
  QCVN_40_2011,
  QCVN_14_2008,
  QCVN_19_2009,
  QCVN_05_2023,
  QCVN_05_2013,
  QCVN_08_2023,
];

export type { RegulationSeed } from './types';
