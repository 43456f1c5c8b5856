import { gatherContext } from '@estate/shared-kernel';

/** The discovery context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const DISCOVERY_PARTS = gatherContext(__dirname);
