import { z } from 'zod';

/** What the API serves at `/config.json`: public values only, read by the SPA at start-up. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  version: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  publicUrl: z.string().url(),
  oidc: z.object({
    authority: z.string().url(),
    clientId: z.string(),
    scopes: z.string(),
    /** Extra authorize parameters of spec section 7. */
    extraQueryParams: z.record(z.string(), z.string()),
  }),
  inactivityTimeoutMs: z.number().int().positive(),
  postLogoutUrl: z.string(),
  analytics: z.object({ token: z.string(), apiHost: z.string().optional() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
