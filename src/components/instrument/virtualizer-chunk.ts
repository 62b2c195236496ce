// The one part of virtua the lists use, as the module lazy-virtualizer.tsx imports: a dynamic import of 'virtua'
// itself would keep every export of the package (VList, WindowVirtualizer, the grid).
export { Virtualizer } from 'virtua';
