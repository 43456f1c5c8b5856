import { gatherContext } from '@estate/shared-kernel';

/** The assets context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const ASSETS_PARTS = gatherContext(__dirname);
