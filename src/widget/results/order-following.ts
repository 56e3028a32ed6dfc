/**
 * What only an order that may still change needs (a Pix code, a boleto, a pending card), fetched
 * as one chunk when the checkout shows such an order or finds one kept for a reload: its live
 * following (live-status.ts) and the tab's store of the order in progress (order-resume.ts). A
 * card paid at once needs neither, and its buyer never fetches them.
 */
export { LiveOrderStatus } from './live-status.js';
export { OrderResumeStore } from './order-resume.js';
