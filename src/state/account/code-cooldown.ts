// Outside the screen, so leaving /mine/password and coming back does not re-enable "Send code" early.
import type { Clock } from '../shell/clock.ts';

const endsAt = new Map<string, number>();

export function rememberCooldown(target: string, seconds: number, clock: Clock): void {
  endsAt.set(target, clock.now() + seconds * 1000);
}

/** Whole seconds; 0: send now. */
export function cooldownLeft(target: string, clock: Clock): number {
  const end = endsAt.get(target);
  if (end === undefined) return 0;
  const left = Math.ceil((end - clock.now()) / 1000);
  if (left <= 0) endsAt.delete(target);
  return Math.max(0, left);
}

export function forgetCooldowns(): void {
  endsAt.clear();
}
