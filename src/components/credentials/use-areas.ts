// Loaded once per session (area_list).
import { useEffect, useState } from 'react';
import type { AreaCode } from '../../../domain/types.ts';
import { areaList } from '../../api/common.ts';

let cache: Promise<AreaCode[]> | null = null;

function loadAreas(): Promise<AreaCode[]> {
  cache ??= areaList().catch((err: unknown) => {
    cache = null; // try again next time
    throw err;
  });
  return cache;
}

export function useAreas(enabled: boolean) {
  const [areas, setAreas] = useState<readonly AreaCode[]>([]);
  const [area, setArea] = useState<AreaCode | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loadAreas()
      .then((list) => {
        if (!live) return;
        setAreas(list);
        setArea((a) => a ?? list[0] ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return { areas, area, setArea };
}
