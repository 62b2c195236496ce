// Restoring needs the server stopped: `npm run ops -- restore` (docs/operations.md "Backups").
import { ApiError } from '../../http/envelope.ts';
import { writeBackup } from '../../backup/backup.ts';
import { backupName } from '../../backup/backup-job.ts';
import type { OpsCommand } from '../command.ts';

export const backupTake: OpsCommand = {
  name: 'backup',
  right: 'settings',
  // PGlite dumps its data directory, which an open transaction on the same connection would block.
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
