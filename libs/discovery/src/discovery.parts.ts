import { gatherContext } from '@estate/shared-kernel';

/**
 * The discovery context's declarations, controllers and mappings, gathered from its folder (no list to keep). Its routes
 * stand in the reference's probate section with those of the court and closing contexts (the specification's probate part).
 */
export const DISCOVERY_PARTS = gatherContext(__dirname, { referenceSection: 'probate' });
