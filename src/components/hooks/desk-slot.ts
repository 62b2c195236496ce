// Handed down by context so no page imports src/app/ or src/wide/ (docs/architecture.md "Rooms").
import { createContext, useContext, type ComponentType } from 'react';

export const DeskSlot = createContext<ComponentType | null>(null);

/** Null: the page draws its phone layout. */
export function useDesk(): ComponentType | null {
  return useContext(DeskSlot);
}
