import { gatherContext } from '@estate/shared-kernel';

/** The transfers context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const TRANSFERS_PARTS = gatherContext(__dirname);
