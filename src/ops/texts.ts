import { OpsError } from './ops-api.ts';

// A staff tool in English only (docs/back-office.md), so its texts live here rather than the 18 trader locales.
export const OPS_TEXT = {
  title: 'Tickwise back office',
  signIn: 'Sign in',
  login: 'Login',
  password: 'Password',
  code: 'Code from your authenticator app',
  next: 'Continue',
  setupTitle: 'Set up your second factor',
  setupHelp:
    'Scan the QR code with your authenticator app (or add the key, or open the link on your phone), then type the code it shows.',
  setupLink: 'Open in an authenticator app',
  setupQr: 'QR code of your second factor: scan it with your authenticator app',
  ownTitle: 'Choose your own password',
  ownHelp:
    'The password you were given works once, for this step: choose one only you know (12 characters or more). The person who gave it to you will not know yours.',
  ownPassword: 'Your new password',
  tabPassword: 'My password',
  passwordHelp:
    'Change your own password: your current one, the new one and a code of your authenticator app. Your other sessions end.',
  currentPassword: 'Current password',
  change: 'Change password',
  changed: 'Your password is changed.',
  breakGlass: 'Break-glass token',
  breakGlassHelp: 'Only in an emergency: OPS_TOKEN from the server. Every use is recorded as "break-glass".',
  token: 'Token',
  connect: 'Use the token',
  signOut: 'Sign out',
  signedInAs: 'Signed in as',
  role: 'role',
  sessionEnded: 'Your session has ended: sign in again.',
  tabCommands: 'Commands',
  tabApprovals: 'Second approvals',
  tabAudit: 'Audit log',
  tabStaff: 'Staff',
  commands: 'Commands',
  run: 'Run',
  running: 'Running…',
  result: 'Result',
  empty: 'No rows',
  rowHint: 'Tap a row to copy its values into the form of the command you pick next.',
  optional: 'optional',
  failed: 'Request failed',
  approve: 'Approve',
  drop: 'Drop',
  approvalsHelp:
    'Payments and credits above the four-eyes threshold wait here for a second finance member. You cannot approve what you asked for.',
  approvalsEmpty: 'Nothing waits for a second approval.',
  auditText: 'Words (person, action, values)',
  auditAction: 'Action',
  auditFrom: 'From (YYYY-MM-DD)',
  auditTo: 'To (YYYY-MM-DD)',
  search: 'Search',
  exportCsv: 'Export CSV',
  auditHelp: 'Every staff action with who, when, from where, and the values before and after. It cannot be changed.',
  staffNew: 'Add a member',
  staffName: 'Name',
  staffRole: 'Role',
  create: 'Create',
  firstPassword: 'First password (shown once; give it to the person):',
  revoke: 'End sessions',
  disable: 'Disable',
  enable: 'Enable',
  reset: 'Reset password and factor',
  live: 'Live (every second)',
} as const;

export const ROLE_NAMES = ['support', 'finance', 'dealer', 'admin'] as const;

// A server refusal carries its own words; anything else (network, bad answer) gets the plain one.
export const failureText = (err: unknown): string => (err instanceof OpsError ? err.message : OPS_TEXT.failed);
