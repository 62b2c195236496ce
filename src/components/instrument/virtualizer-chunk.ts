// A dynamic import of 'virtua' itself would keep every export of the package (VList, WindowVirtualizer, the grid).
export { Virtualizer } from 'virtua';
