import { gatherContext } from '@estate/shared-kernel';

/** The case context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const CASE_PARTS = gatherContext(__dirname);
