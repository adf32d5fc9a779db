/** What other modules may use of categories: the tree's lock, taken first by any structural write. */
export { lockCategoryTree } from './tree';
