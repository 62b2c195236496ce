// The desk (src/wide/, at ≥ 1280 px) as the pages of `/` and `/trade` get it: the app's router hands the lazy desk
// down through this context, so no page imports src/app/ or src/wide/ (which imports the pages' panels): the folders
// form no loop (docs/architecture.md "Rooms"). Without a provider (a page mounted alone) a page draws its phone layout.
import { createContext, useContext, type ComponentType } from 'react';

export const DeskSlot = createContext<ComponentType | null>(null);

/** The desk to draw instead of the page's phone layout when the screen is wide, or null. */
export function useDesk(): ComponentType | null {
  return useContext(DeskSlot);
}
