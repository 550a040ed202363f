import { publicConfigSchema, type PublicConfig } from '@ipos/contracts';

/**
 * Served by the API from its environment (see `publicConfigSchema`), so one build of the SPA serves
 * every deployment. It is the only non-`/api/v1` path the SPA reads, hence no endpoint descriptor.
 */
export const CONFIG_URL = '/config.json';

export class ConfigLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConfigLoadError';
  }
}

/** Loads and validates the runtime configuration; the app is not mounted without it. */
export async function loadConfig(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<PublicConfig> {
  let response: Response;
  try {
    response = await fetchImpl(CONFIG_URL, { headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch (error) {
    throw new ConfigLoadError(`Could not fetch ${CONFIG_URL}`, { cause: error });
  }
  if (!response.ok) throw new ConfigLoadError(`${CONFIG_URL} answered ${response.status}`);
  const parsed = publicConfigSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigLoadError(`${CONFIG_URL} is not valid: ${problems.join('; ')}`);
  }
  return parsed.data;
}
