// The account-security screen's wire shapes (docs/api.md "Account security"); times are ms epoch.

export interface SessionInfo {
  id: number;
  /** "Chrome 131 · Windows 10", or "" when the user agent said nothing readable. */
  device: string;
  address: string;
  created_at: number;
  last_seen_at: number;
  /** "This device". */
  current: boolean;
}

export interface SecurityOverview {
  second_factor: 0 | 1;
  /** 0 when the factor is off. */
  recovery_left: number;
  /** After a password change or a factor reset; 0: not held by the server's clock. */
  withdrawals_held_until: number;
  sessions: SessionInfo[];
}

/** The secret as text beside the otpauth:// URI the QR code carries. */
export interface FactorSetup {
  secret: string;
  uri: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}
