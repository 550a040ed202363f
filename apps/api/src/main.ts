import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config/config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { restoreBackup, RestoreError } from './db/backups/backup-files.js';
import { APP_VERSION } from './config/app-version.js';
import { createServer } from './server.js';
import { loggableErrorOf } from './lib/loggable-error.js';
import { demoAccounts, DEMO_PIN } from './seed/demo.js';

const startedAt = performance.now();
/** At most this long for the backup taken at a clean shutdown; an unfinished one leaves no file. */
const SHUTDOWN_BACKUP_ALLOWANCE_MS = 120_000;

/**
 * `main.js restore <backup.tar.gz> <new DATA_DIR>`: restores the backup into the new, empty folder
 * (checking its checksum and schema), then starts on it as DATA_DIR.
 */
async function restoreFirst(args: string[]) {
  const [file, dataDir] = args;
  if (!file || !dataDir) {
    console.error('usage: npm run restore -- <backup.tar.gz> <new DATA_DIR>');
    process.exit(2);
  }
  try {
    const manifest = await restoreBackup(path.resolve(file), path.resolve(dataDir));
    console.log(
      manifest
        ? `restored the backup of ${manifest.takenAt} (${manifest.reason}) into ${path.resolve(dataDir)}`
        : `restored ${path.basename(file)} (no manifest beside it: checked by its compression) into ${path.resolve(dataDir)}`,
    );
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(`error: ${error.message}`);
    process.exit(1);
  }
  process.env.DATA_DIR = path.resolve(dataDir);
}

async function main() {
  if (process.argv[2] === 'restore') await restoreFirst(process.argv.slice(3));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(`config: ${line}`);
      process.exit(1);
    }
    throw error;
  }

  let server;
  try {
    server = await createServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, deps } = server;

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // The shutdown backup of the embedded database gets its own time on top (a shop's takes seconds).
    const backupAllowanceMs = deps.backups ? SHUTDOWN_BACKUP_ALLOWANCE_MS : 0;
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + backupAllowanceMs);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  const lines = [
    '',
    `  iPos ${APP_VERSION} is ready at ${config.publicUrl}  (started in ${seconds} s, database: ${deps.database.driver})`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('', `  Demo sign-in (every PIN ${DEMO_PIN} unless said):`);
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(26)} ${a.password.padEnd(18)} ${a.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  // Cleaned like every logged error: a failed query (migrations, the demo seed) names its statement and
  // error code, never its parameters.
  const failure = loggableErrorOf(error);
  console.error('error: iPos could not start:', failure.message);
  if (typeof failure.code === 'string') console.error(`error code: ${failure.code}`);
  if (failure.stack) console.error(failure.stack);
  process.exit(1);
});
