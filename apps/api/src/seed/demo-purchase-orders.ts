import type { DemoContext } from './demo-context.js';

/** Demo purchase-orders for Demo Mart (issue 6). */
export async function seedDemoPurchaseOrders(_demo: DemoContext): Promise<void> {}
