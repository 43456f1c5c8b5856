import { gatherContext } from '@estate/shared-kernel';

/** The court accounting's declarations, controllers and mappings, gathered from its folder (no list to keep). */
export const ACCOUNTING_PARTS = gatherContext(__dirname);
