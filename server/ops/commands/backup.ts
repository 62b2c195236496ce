// `npm run ops -- backup [--to NAME]`: a consistent, sealed copy of the running database, written by the server into
// BACKUP_DIR on its own machine (docs/operations.md "Backups"); the file rules are writeBackup's. Restoring is done
// with the server stopped: `npm run ops -- restore` (server/ops/local-commands.ts).
import { ApiError } from '../../http/envelope.ts';
import { writeBackup } from '../../backup/backup.ts';
import { backupName } from '../../backup/backup-job.ts';
import type { OpsCommand } from '../command.ts';

export const backupTake: OpsCommand = {
  name: 'backup',
  right: 'settings',
  // A copy of the whole database: not inside the audit row's transaction (PGlite dumps its data directory, which
  // an open transaction on the same connection would block); the row is written once the file is.
  outsideTransaction: true,
  summary: "Write a consistent, sealed backup of the running database into the server's BACKUP_DIR",
  params: [
    {
      name: 'to',
      optional: true,
      help: 'a file name in BACKUP_DIR, not a path (default tickwise-<UTC time>.tar.gz.sealed)',
    },
  ],
  async run(ctx, args) {
    const dir = ctx.backups.dir;
    if (!dir) throw new ApiError('staff.backup_dir_unset');
    const name = (args.to ?? '').trim() || backupName(ctx.clock.now(), ctx.db.kind);
    return writeBackup(ctx.db, ctx.databaseUrl, { dir, name }, ctx.backups.key());
  },
};
