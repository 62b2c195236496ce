// `npm run ops -- backup --to FILE`: a consistent copy of the running database, written by the server to FILE on
// its own machine (docs/operations.md "Backups"). Restoring is done with the server stopped: `npm run ops --
// restore` (server/ops/local-commands.ts).
import { ApiError } from '../../http/envelope.ts';
import { writeBackup } from '../../backup/backup.ts';
import type { OpsCommand } from '../command.ts';

export const backupTake: OpsCommand = {
  name: 'backup',
  summary: "Write a consistent backup of the running database to a file on the server's machine",
  params: [{ name: 'to', help: 'the file to write, e.g. /var/backups/tickwise-2026-11-25.tar.gz' }],
  async run(ctx, args) {
    const to = (args.to ?? '').trim();
    if (!to || to.includes('\0')) throw new ApiError('field_required', undefined, { field: 'to' });
    return writeBackup(ctx.db, ctx.databaseUrl, to);
  },
};
