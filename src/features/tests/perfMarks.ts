/** The performance mark set the frame after the test tree first shows rows (read by bench/treeRender.ts). */
export const FIRST_ROWS_MARK = 'plainwright:test-tree-first-rows';
