/**
 * The shape of a test control's route: the sandbox's `Route` with the one-line summary the
 * index at `GET /__sandbox/` (and the demo's QA panel) shows. Every controls-*.ts module makes
 * these, and controls.ts gathers them, so the type lives below both.
 */
import type { Route } from '../requests/router.js';

/** A control route with the one-line summary the index (and the QA panel) shows. */
export interface ControlRoute extends Route {
  summary: string;
}
