import { gatherContext } from '@estate/shared-kernel';

/** The communications context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const COMMS_PARTS = gatherContext(__dirname);
