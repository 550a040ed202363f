import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from './config/config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createServer } from './server.js';
import { loggableErrorOf } from './lib/loggable-error.js';
import { demoAccounts, DEMO_PIN } from './seed/demo.js';

const startedAt = performance.now();

async function main() {
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
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
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
    `  iPos is ready at ${config.publicUrl}  (started in ${seconds} s, database: ${deps.database.driver})`,
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
