import { gatherContext } from '@estate/shared-kernel';

/** The people context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const PEOPLE_PARTS = gatherContext(__dirname);
