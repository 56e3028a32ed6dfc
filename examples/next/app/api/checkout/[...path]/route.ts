/** The relay, as docs/relay.md's Next.js section shows it (examples/relay/next-route-handler.ts). */
export { GET, POST, OPTIONS } from '../../../../../relay/next-route-handler';

// Next.js reads these from the route's own file.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
