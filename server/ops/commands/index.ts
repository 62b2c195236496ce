// Every back-office command, in the order the CLI's help and the back-office page list them.
// A feature adds its commands in its own file under server/ops/commands/ and one line here.
import type { OpsCommand } from '../command.ts';
import { FUND_COMMANDS } from './funds.ts';

export const OPS_COMMANDS: readonly OpsCommand[] = [
  // deposits
  // withdrawals and payout methods
  // real-name verification
  // funds
  ...FUND_COMMANDS,
  // content
];
