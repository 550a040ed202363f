/** The configuration every API test server starts from; a test may override any variable. */
export const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://ipos.test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  // Every test file loads a copy of the seeded database: without the 90 days of sales it loads in a
  // fraction of the time. The history's own test seeds it (createTestServer with an empty database).
  SEED_DEMO_HISTORY: 'false',
  // Tests stand in for clients behind a proxy: X-Forwarded-For gives each its own IP for the rate limits.
  TRUST_PROXY: 'true',
};

export const driver = (process.env.IPOS_TEST_DRIVER ?? 'pglite') as 'pglite' | 'postgres';
