import { gatherContext } from '@estate/shared-kernel';

/** The documents context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const DOCUMENTS_PARTS = gatherContext(__dirname);
