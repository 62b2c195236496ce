// Session revocations as events, so every gateway's hub stops pushing to a revoked token at once.

export interface Revocation {
  userId: number;
  /** sha256 (hex) of the one token that ended (logout). */
  only?: string | undefined;
  /** sha256 (hex) of the token that stays (password change on this device); every other one ended. */
  except?: string | undefined;
  /** Set when ended from another device; absent for a logout of the token itself. */
  at?: number | undefined;
}

export interface Revocations {
  revoked(r: Revocation): void;
  onRevoked(listener: (r: Revocation) => void): () => void;
}

export function revokes(r: Revocation, userId: number, tokenHash: string): boolean {
  if (r.userId !== userId) return false;
  if (r.only !== undefined) return r.only === tokenHash;
  return r.except === undefined || r.except !== tokenHash;
}
