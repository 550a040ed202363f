// Prints the SQL that creates the report summaries' database functions (apps/api/src/features/reports/
// sales-summaries.ts, summaryFunctionsSql) for a migration: when the summaries change, a new migration
// replaces the functions with this text (sales-summaries.test.ts fails until one does).
//
//   node scripts/summary-functions-sql.mjs > apps/api/drizzle/00NN_<name>.sql
import { importTypeScript } from './lib.mjs';

const { summaryFunctionsSql } = await importTypeScript('apps/api/src/features/reports/sales-summaries.ts');
process.stdout.write(`${summaryFunctionsSql()}\n`);
