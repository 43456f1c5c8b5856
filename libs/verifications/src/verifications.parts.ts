import { gatherContext } from '@estate/shared-kernel';

/** The verifications context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const VERIFICATIONS_PARTS = gatherContext(__dirname);
