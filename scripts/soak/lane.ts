// One load lane's schedule: the deadline and a floor of draws both end it, so a slow host runs longer rather than
// less, and what the in-suite soak checks happened whatever the share of CPU (docs/reliability.md "Soak").

/** A market order, its stops, a close, a withdrawal and a credit (load-child.ts `act` reads the draw). */
export const TOUR = [0.1, 0.7, 0.6, 0.85, 0.92] as const;
/** A market order the lane keeps at its end, so the copies have a position to mirror when the run stops. */
export const HOLD = 0.1;

export interface LaneSchedule {
  until: number;
  /** Draws the lane makes even past `until`. */
  floor: number;
  /** Balanced lanes keep a level instead: no tour and no kept order. */
  balanced: boolean;
  now: () => number;
  random: () => number;
}

/** Draws `act` until the deadline and the floor are both passed; answers the number of draws. */
export async function runLane(act: (r: number) => Promise<void>, s: LaneSchedule): Promise<number> {
  const tour: number[] = s.balanced ? [] : [...TOUR];
  let draws = 0;
  while (s.now() < s.until || draws < s.floor) {
    await act(tour.shift() ?? s.random());
    draws++;
  }
  if (!s.balanced) {
    await act(HOLD);
    draws++;
  }
  return draws;
}
