// The account-security screen's wire shapes (/mine/security, docs/api.md "Account security"). Times are ms epoch.

export interface SessionInfo {
  id: number;
  /** "Chrome 131 · Windows 10", or "" when the user agent said nothing readable. */
  device: string;
  address: string;
  created_at: number;
  last_seen_at: number;
  /** The session this request came with ("this device"). */
  current: boolean;
}

export interface SecurityOverview {
  second_factor: 0 | 1;
  /** Unused recovery codes left (0 when the factor is off). */
  recovery_left: number;
  /** Until when withdrawals are held (after a password change or a factor reset); 0: not held by the server's clock. */
  withdrawals_held_until: number;
  sessions: SessionInfo[];
}

/** The set-up of a second factor: the secret as text and the otpauth:// URI the QR code carries. */
export interface FactorSetup {
  secret: string;
  uri: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}
