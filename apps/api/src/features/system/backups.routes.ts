import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { downloadBackup, downloadBackupManifest, getBackupStatus, takeBackupNow } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as backups from './backups.service.js';

/** The installation's backups in admin mode: status, one now, and each kept one's files to download. */
export function backupsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getBackupStatus, ({ account }) => backups.getBackupStatus(deps, account.id));
  route(app, deps, takeBackupNow, ({ actor }) => backups.takeBackupNow(deps, actor));
  route(app, deps, downloadBackup, async ({ actor, query, reply }) => {
    const file = await backups.backupFile(deps, actor, query.file, 'data');
    reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('content-length', fs.statSync(file.path).size);
    return fs.createReadStream(file.path);
  });
  route(app, deps, downloadBackupManifest, async ({ actor, query, reply }) => {
    const file = await backups.backupFile(deps, actor, query.file, 'manifest');
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`);
    return fs.readFileSync(file.path, 'utf8');
  });
}
