// A feature adds its commands in its own file and one line here; the order is the CLI help's and the page's.
import type { OpsCommand } from '../command.ts';
import { approvalCommands } from './approvals.ts';
import { auditSearch } from './audit.ts';
import { BOOK_COMMANDS } from './book.ts';
import { DEPOSIT_COMMANDS } from './deposits.ts';
import { FUND_COMMANDS } from './funds.ts';
import { COPY_COMMANDS } from './copy.ts';
import { CONTENT_COMMANDS } from './content.ts';
import { FEEDBACK_COMMANDS } from './feedback.ts';
import { PRICE_DESK_COMMANDS } from './price-desk.ts';
import { CLOSURE_COMMANDS } from './closures.ts';
import { DESK_REPORT_COMMANDS } from './desk-reports.ts';
import { deliveriesShow, outboxShow } from './outbox.ts';
import { REAL_NAME_COMMANDS } from './real-name.ts';
import { SETTING_COMMANDS } from './settings.ts';
import { STAFF_COMMANDS } from './staff.ts';
import { WITHDRAW_COMMANDS } from './withdrawals.ts';
import { userShow, userUnfreeze } from './users.ts';
import { backupTake } from './backup.ts';
import { RETAIL_COMMANDS } from './retail.ts';
import { queuesShow } from './queues.ts';

export const OPS_COMMANDS: readonly OpsCommand[] = [
  queuesShow,
  userShow,
  userUnfreeze,
  outboxShow,
  deliveriesShow,
  ...DEPOSIT_COMMANDS,
  ...WITHDRAW_COMMANDS,
  // An approval runs the waiting command it names: looked up in this list when it is given.
  ...approvalCommands((name) => OPS_COMMANDS.find((c) => c.name === name)),
  ...REAL_NAME_COMMANDS,
  ...FUND_COMMANDS,
  ...CONTENT_COMMANDS,
  ...FEEDBACK_COMMANDS,
  ...SETTING_COMMANDS,
  ...DESK_REPORT_COMMANDS,
  ...PRICE_DESK_COMMANDS,
  ...CLOSURE_COMMANDS,
  ...STAFF_COMMANDS,
  auditSearch,
  backupTake,
  ...BOOK_COMMANDS,
  ...COPY_COMMANDS,
  ...RETAIL_COMMANDS,
];
