import type { DemoContext } from './demo-context.js';

/** Demo invoices for Demo Mart (issue 6). */
export async function seedDemoInvoices(_demo: DemoContext): Promise<void> {}
