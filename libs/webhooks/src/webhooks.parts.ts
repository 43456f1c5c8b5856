import { gatherContext } from '@estate/shared-kernel';

/** The webhooks context's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const WEBHOOKS_PARTS = gatherContext(__dirname);
