import type { RegulationCreateBody, regulationCreateBody } from '@qlcv/common/schemas/regulations';
import type { z } from 'zod';

/**
 * A regulation shipped with the app (migration-time seed): the API's body, its replacement named by code (the row ids
 * are not known yet), and `source` required — every value must say where it comes from.
 */
export type RegulationSeed = Omit<z.input<typeof regulationCreateBody>, 'replaced_by_id' | 'source'> & {
  replaced_by_code?: string;
  source: string;
};

export type { RegulationCreateBody };
