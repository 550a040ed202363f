import type { DemoContext } from './demo-context.js';

/** Demo waste for Demo Mart (issue 6). */
export async function seedDemoWaste(_demo: DemoContext): Promise<void> {}
