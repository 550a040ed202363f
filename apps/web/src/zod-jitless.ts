import { z } from 'zod';

/**
 * main.tsx imports this first, before any schema exists. zod 4 builds fast object parsers with
 * `new Function`, and probes whether it may when a schema is made; under the app's CSP (script-src
 * 'self', no 'unsafe-eval') that probe is a reported violation on every page. Jitless parsing needs
 * no eval at a small cost in speed. The API, which has no CSP of its own to meet, keeps the fast
 * parsers: this module is the web app's alone.
 */
z.config({ jitless: true });
