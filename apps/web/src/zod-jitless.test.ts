import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod in the web app builds no code from strings (the CSP forbids eval)', () => {
  const before = z.config().jitless;
  afterAll(() => {
    z.config({ jitless: before });
  });

  it('main.tsx imports the setting before anything else, so it precedes every schema', () => {
    const main = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.tsx'), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './zod-jitless';");
  });

  it('after it, making and parsing schemas never calls Function (neither the probe nor a compiled parser)', async () => {
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
    const built: unknown[][] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        built.push(args);
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        built.push(args);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const line = z.object({ variantId: z.string(), quantity: z.number() });
      const cart = z.object({ note: z.string().optional(), lines: z.array(line) });
      expect(cart.parse({ lines: [{ variantId: 'v', quantity: 2 }] })).toEqual({
        lines: [{ variantId: 'v', quantity: 2 }],
      });
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(built).toEqual([]);
  });
});
