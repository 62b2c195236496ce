// Back-office commands for the fixed-term funds: run the income job once (pays every due day, idempotent).
import type { OpsCommand } from '../command.ts';

export const fundRunCommand: OpsCommand = {
  name: 'fund-run',
  summary: 'Run the fund income job once: pay every due fund day and return matured principals (safe to repeat)',
  params: [],
  run: (ctx) => ctx.fundJob.runOnce(),
};

export const FUND_COMMANDS: readonly OpsCommand[] = [fundRunCommand];
