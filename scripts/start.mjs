// `npm start`: build what is not built yet, then run the one process (API + SPA + identity provider).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib.mjs';

try {
  await buildIfStale();
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(1);
}
process.env.WEB_DIST_DIR ??= path.join(root, 'apps/web/dist');
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
