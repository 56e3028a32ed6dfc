/**
 * The payment method of a `POST charges`, noted by the route once the body is read, so a
 * refused charge is counted under its method although the refusal's answer does not name it.
 * Kept by request object, so nothing outlives the request.
 */
import type { RelayRequest } from '../relay-exchange.js';

const methods = new WeakMap<RelayRequest, string>();

export function noteChargeMethod(request: RelayRequest, method: string): void {
  methods.set(request, method);
}

export function chargeMethodOf(request: RelayRequest): string | undefined {
  return methods.get(request);
}
