import { gatherContext } from '@estate/shared-kernel';

/** The probate context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const PROBATE_PARTS = gatherContext(__dirname);
