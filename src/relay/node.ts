/**
 * The relay on Node's `http` server, Express or Connect: `toNodeHandler(relay)` is a
 * `(req, res)` listener. It passes the socket's address on, which the relay uses as the
 * buyer's IP (or as the last hop when `trustProxy` is set).
 *
 * Under Express, `app.use('/pay', toNodeHandler(relay))` strips `/pay` from the path the
 * handler sees, so `basePath` stays ''; with `http.createServer` (or a route that keeps the
 * full path) set `basePath` to where it is mounted. Mount it before any body parser: the
 * relay reads and limits the body itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeListener } from '../http/node-listener.js';
import type { Relay } from './relay.js';

/** A `(req, res)` listener serving `relay`. */
export function toNodeHandler(relay: Relay): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = toNodeListener((request, info) => relay.fetch(request, info), {
    internalErrorBody: { error: { type: 'internal', message: 'The relay could not complete the request.' } },
  });
  return (req, res) => {
    // A body parser mounted before the relay has read the body already: say so, in the
    // relay's error shape, instead of failing on an empty stream.
    if (req.readableEnded && req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'internal', message: BODY_ALREADY_READ } }));
      return;
    }
    listener(req, res);
  };
}

export const BODY_ALREADY_READ = 'The request body was already read before the relay: mount the relay before any body parser.';
