// Every back-office command, in the order the CLI's help and the back-office page list them.
// A feature adds its commands in its own file under server/ops/commands/ and one line here.
import type { OpsCommand } from '../command.ts';
import { DEPOSIT_COMMANDS } from './deposits.ts';
import { FUND_COMMANDS } from './funds.ts';
import { FEED_DESK_COMMANDS } from './feed-desk.ts';
import { FEED_STATUS_COMMANDS } from './feeds.ts';
import { outboxShow } from './outbox.ts';
import { deliveriesShow } from './deliveries.ts';
import { REAL_NAME_COMMANDS } from './real-name.ts';
import { SETTING_COMMANDS } from './settings.ts';
import { WITHDRAW_COMMANDS } from './withdrawals.ts';
import { userShow } from './users.ts';
import { backupTake } from './backup.ts';

export const OPS_COMMANDS: readonly OpsCommand[] = [
  userShow,
  outboxShow,
  deliveriesShow,
  ...DEPOSIT_COMMANDS,
  ...WITHDRAW_COMMANDS,
  ...REAL_NAME_COMMANDS,
  ...FUND_COMMANDS,
  ...SETTING_COMMANDS,
  ...FEED_STATUS_COMMANDS,
  ...FEED_DESK_COMMANDS,
  backupTake,
];
