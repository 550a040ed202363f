// Two API replicas over one PostgreSQL, against one: the same 5-line cash sales through
// POST /api/v1/sales at CLIENTS concurrent clients, all on one replica, then split across two (as a load
// balancer would), then — when a `pgbouncer` binary is installed — the two replicas through PgBouncer in
// transaction mode (both started at once through it, so the migration lock is taken through it too).
// Prints sales/s and p50/p95/p99, the ratio of two replicas to one, and where the CPU went in each run
// (each server, the PostgreSQL processes, PgBouncer, this bench's clients, and the machine as a whole):
// on a machine with few cores that, not the design, bounds the ratio. Reports; never fails on time.
//
//   DATABASE_URL=postgresql://ipos_ci:ipos_ci@127.0.0.1:5432/ipos_ci node bench/replicas.mjs
//   SALES=2000 WARMUP=100 CLIENTS=32 PORT=3905 PGBOUNCER_PORT=6435 node bench/replicas.mjs
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { apiPoster, books, drive, poolTarget, saleRequest, seedCatalogue } from './sale-load.mjs';
import { builtApiEntry, percentile, scratchDatabase, signAccessToken, startServer, stopServer } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SALES = Number(process.env.SALES ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 100);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const port = Number(process.env.PORT ?? 3905);
const bouncerPort = Number(process.env.PGBOUNCER_PORT ?? 6435);
if (!process.env.DATABASE_URL) {
  console.error('replicas.mjs measures replicas over PostgreSQL: set DATABASE_URL');
  process.exit(2);
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-replicas-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
const entry = await builtApiEntry();
const database = await scratchDatabase(process.env.DATABASE_URL, 'ipos_bench_replicas');

// ---------------------------------------------------------------- CPU accounting

const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
/** CPU seconds a process has used (user + system), 0 once it is gone. */
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}
/** Every process whose command is `name`, by pid. */
function pidsNamed(name) {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}
/** The machine's busy and total CPU seconds since boot. */
function machine() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = values[3] + values[4];
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}
/** CPU used while `fn` runs: each server, postgres, pgbouncer, this process, and the machine's share busy. */
async function measured(servers, fn) {
  const postgresBefore = new Map(pidsNamed('postgres').map((pid) => [pid, cpuOf(pid)]));
  const bouncerBefore = pidsNamed('pgbouncer').reduce((s, pid) => s + cpuOf(pid), 0);
  const serverBefore = servers.map((s) => cpuOf(s.pid));
  const selfBefore = process.cpuUsage();
  const machineBefore = machine();
  const result = await fn();
  const machineAfter = machine();
  const self = process.cpuUsage(selfBefore);
  const postgres = pidsNamed('postgres').reduce((s, pid) => s + cpuOf(pid) - (postgresBefore.get(pid) ?? 0), 0);
  const bouncer = pidsNamed('pgbouncer').reduce((s, pid) => s + cpuOf(pid), 0) - bouncerBefore;
  return {
    ...result,
    cpu: {
      servers: servers.map((s, i) => cpuOf(s.pid) - serverBefore[i]),
      postgres,
      bouncer,
      clients: (self.user + self.system) / 1e6,
      busy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    },
  };
}

// ---------------------------------------------------------------- PgBouncer

/** PgBouncer in transaction mode in front of the scratch database; stops with `stop()`. */
async function startBouncer() {
  const target = new URL(database.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-pgbouncer-'));
  const name = target.pathname.slice(1);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name} user=${decodeURIComponent(target.username)} password=${decodeURIComponent(target.password)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 200',
      ...(bouncerCarriesPrepared ? ['max_prepared_statements = 200'] : []),
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as the postgres user, who must read its folder.
  const asRoot = process.getuid?.() === 0;
  fs.chmodSync(dir, 0o777);
  fs.chmodSync(ini, 0o644);
  const child = asRoot
    ? spawn('pgbouncer', ['-u', 'postgres', ini], { stdio: 'ignore' })
    : spawn('pgbouncer', [ini], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      const client = new pg.Client({ connectionString: bouncerUrl() });
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
function bouncerUrl() {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(bouncerPort);
  return url.toString();
}
/** The installed PgBouncer's version as [major, minor], or undefined when there is none. */
const bouncerVersion = (() => {
  try {
    const [, major, minor] =
      /PgBouncer (\d+)\.(\d+)/.exec(execFileSync('pgbouncer', ['--version'], { encoding: 'utf8' })) ?? [];
    return [Number(major ?? 0), Number(minor ?? 0)];
  } catch {
    return undefined;
  }
})();
const hasBouncer = bouncerVersion !== undefined;
/**
 * PgBouncer 1.21 and later carry the app's prepared statements across server connections in
 * transaction mode (max_prepared_statements); before that the app must send every statement unnamed.
 */
const bouncerCarriesPrepared = hasBouncer && (bouncerVersion[0] > 1 || bouncerVersion[1] >= 21);

// ---------------------------------------------------------------- the runs

/** Replica `i` of the API on the given database URL (each its own port and data folder, one public URL). */
const startReplica = (i, databaseUrl, env = {}) =>
  startServer({
    entry,
    cwd: root,
    port: port + i,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(scratch, `replica-${i}`),
      WEB_DIST_DIR: fs.mkdtempSync(path.join(scratch, 'web-')),
      // Behind one address, as behind a load balancer: a token of one replica is good on the other.
      PUBLIC_URL: `http://localhost:${port}`,
      BACKUPS: 'false',
      ...env,
    },
  });

const results = [];
let db;
try {
  console.log('creating, migrating and seeding…');
  await stopServer(await startReplica(0, database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined); // dropping the scratch database at the end ends its connections
  db = poolTarget(pool);
  const one = async (text, params = []) => (await db.query(text, params))[0];
  const business = await one(`select id from businesses where name = 'Demo Mart'`);
  const store = await one(`select id from stores where business_id = $1 and alias = 'LEK'`, [business.id]);
  const manager = await one(`select id from accounts where email = 'manager@demo.ipos.test'`);
  const secrets = await one(`select value from oidc_secrets where name = 'embedded-provider'`);
  const catalogue = await seedCatalogue(db, business.id, store.id);
  await db.query(`update businesses set plan = 'business' where id = $1`, [business.id]);

  const token = await signAccessToken(secrets.value.signingKeys[0], manager.id, port);
  const headers = { authorization: `Bearer ${token}`, 'x-store-id': store.id, 'content-type': 'application/json' };
  const posters = [0, 1].map((i) => apiPoster(`http://127.0.0.1:${port + i}`, headers));
  let session;
  let offset = 0;
  /** SALES sales from CLIENTS clients, client k on replica k mod `replicas`. */
  const run = async (label, servers) => {
    const replicas = servers.length;
    // One register for every run, opened on the first.
    session ??= await posters[0]('/api/v1/register-sessions', { registerName: 'Bench', openingFloatMinor: 0 });
    const sell = (post) => (i) =>
      post('/api/v1/sales', saleRequest(catalogue, offset + i, session.id, uuidv7()), {
        'idempotency-key': randomBytes(16).toString('hex'),
      });
    const split = (count, base) =>
      Promise.all(
        Array.from({ length: replicas }, (_, r) =>
          drive(Math.floor(count / replicas), CLIENTS / replicas, (i) => sell(posters[r])(base + r * count + i)),
        ),
      );
    await split(WARMUP, 0);
    offset += WARMUP * replicas;
    const started = performance.now();
    const figures = await measured(servers, async () => ({ parts: await split(SALES, 0) }));
    const wall = (performance.now() - started) / 1000;
    offset += SALES * replicas;
    const times = figures.parts.flatMap((p) => p.times);
    const failures = figures.parts.flatMap((p) => [...p.failures]);
    results.push({
      label,
      replicas,
      wall,
      ok: times.length,
      perSecond: times.length / wall,
      times,
      failures,
      ...figures,
    });
  };

  const single = await startReplica(0, database.url);
  try {
    await run('1 replica, direct', [single]);
  } finally {
    await stopServer(single);
  }
  const pair = await Promise.all([startReplica(0, database.url), startReplica(1, database.url)]);
  try {
    await run('2 replicas, direct', pair);
  } finally {
    await Promise.all(pair.map(stopServer));
  }
  if (hasBouncer) {
    const bouncer = await startBouncer();
    const bouncedEnv = bouncerCarriesPrepared ? {} : { DATABASE_PREPARED_STATEMENTS: 'false' };
    console.log(
      `PgBouncer ${bouncerVersion.join('.')}: ${bouncerCarriesPrepared ? 'prepared statements carried (max_prepared_statements)' : 'the replicas send statements unnamed (DATABASE_PREPARED_STATEMENTS=false)'}`,
    );
    try {
      // Both at once: each takes the migration lock through PgBouncer while the other may hold it.
      const pooled = await Promise.race([
        Promise.all([0, 1].map((i) => startReplica(i, bouncerUrl(), bouncedEnv))),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the replicas did not start through PgBouncer within 60 s')), 60_000),
        ),
      ]);
      try {
        await run('2 replicas, PgBouncer (transaction)', pooled);
      } finally {
        await Promise.all(pooled.map(stopServer));
      }
    } catch (error) {
      console.log(`PgBouncer: ${error.message}`);
    } finally {
      await bouncer.stop();
    }
  } else console.log('(no pgbouncer binary: the run through PgBouncer is left out)');

  const after = await books(db, business.id);

  // ---------------------------------------------------------------- the table
  const ms = (x) => (x === undefined ? '—' : `${x.toFixed(1)} ms`).padStart(10);
  const s = (x) => `${x.toFixed(1)} s`.padStart(8);
  console.log(
    `\n${SALES} five-line sales per run at ${CLIENTS} clients (split evenly across the replicas), after ${WARMUP} warm-up sales a replica (node ${process.version}, ${os.cpus().length} cores; clients, servers and PostgreSQL on one machine)`,
  );
  console.log(
    `${''.padEnd(38)}${'sales/s'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}   CPU: ${'servers'.padStart(14)}${'postgres'.padStart(9)}${'bouncer'.padStart(9)}${'clients'.padStart(9)}  machine busy`,
  );
  for (const r of results) {
    const sorted = [...r.times].sort((a, b) => a - b);
    console.log(
      `${r.label.padEnd(38)}${r.perSecond.toFixed(0).padStart(8)}${ms(percentile(sorted, 50))}${ms(percentile(sorted, 95))}${ms(percentile(sorted, 99))}   ${r.cpu.servers.map(s).join('').padStart(19)}${s(r.cpu.postgres).padStart(9)}${s(r.cpu.bouncer).padStart(9)}${s(r.cpu.clients).padStart(9)}  ${(r.cpu.busy * 100).toFixed(0)}% of ${r.wall.toFixed(1)} s`,
    );
    for (const [why, n] of r.failures) console.log(`  failures: ${n} × ${why}`);
  }
  const [one1, two] = results;
  if (one1 && two) console.log(`\ntwo replicas / one: ${(two.perSecond / one1.perSecond).toFixed(2)}× the throughput`);
  console.log(
    `books: ${after.sales} sales, payments ${after.balanced ? 'equal' : 'DIFFER FROM'} totals, ${after.ledgerMismatches} ledger mismatches`,
  );
} finally {
  await db?.close();
  await database.drop();
}
