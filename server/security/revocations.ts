// Session revocations as events: logout ends one token, a password reset or change ends all of a user's tokens but
// one. Every gateway's socket hub listens and logs those sockets out at once (a revoked token must stop receiving
// pushes); the events travel on the bus (server/bus/wiring.ts busRevocations).

export interface Revocation {
  userId: number;
  /** sha256 (hex) of the one token that ended (logout). */
  only?: string | undefined;
  /** sha256 (hex) of the token that stays (password change on this device); every other one ended. */
  except?: string | undefined;
  /** When the sessions were ended from another device (ms); absent for a logout of the token itself. */
  at?: number | undefined;
}

export interface Revocations {
  revoked(r: Revocation): void;
  /** Returns an unsubscribe function. */
  onRevoked(listener: (r: Revocation) => void): () => void;
}

/** Does `tokenHash` end under `r`? */
export function revokes(r: Revocation, userId: number, tokenHash: string): boolean {
  if (r.userId !== userId) return false;
  if (r.only !== undefined) return r.only === tokenHash;
  return r.except === undefined || r.except !== tokenHash;
}
