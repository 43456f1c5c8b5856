import { gatherContext } from '@estate/shared-kernel';

/** The court context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const COURT_PARTS = gatherContext(__dirname);
