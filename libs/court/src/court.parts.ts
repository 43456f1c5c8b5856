import { gatherContext } from '@estate/shared-kernel';

/**
 * The court context's declarations, controllers and mappings, gathered from its folder (no list to keep). Its routes
 * stand in the reference's probate section with those of the closing and discovery contexts (the specification's probate part).
 */
export const COURT_PARTS = gatherContext(__dirname, { referenceSection: 'probate' });
