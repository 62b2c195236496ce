// The back office's own words. It is an internal tool for the operators, in English only (docs/back-office.md),
// so its texts live here instead of the 18 trader locales; JSX still holds no literals.
export const OPS_TEXT = {
  title: 'Tickwise back office',
  token: 'Operator token',
  tokenHelp: 'From OPS_TOKEN or the file DATA_DIR/ops-token on the server.',
  connect: 'Connect',
  forget: 'Forget token',
  commands: 'Commands',
  run: 'Run',
  running: 'Running…',
  result: 'Result',
  empty: 'No rows',
  done: 'Done',
  rowHint: 'Tap a row to copy its values into the form of the command you pick next.',
  optional: 'optional',
  failed: 'Request failed',
  live: 'Live (every second)',
} as const;
