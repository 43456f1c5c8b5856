import { gatherContext } from '@estate/shared-kernel';

/** The closing context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const CLOSING_PARTS = gatherContext(__dirname);
