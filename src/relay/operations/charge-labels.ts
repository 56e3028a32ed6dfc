/**
 * The payment method of a `POST charges`, noted by the route once the body is read, so a
 * refused charge is counted under its method although the refusal's answer does not name it.
 * Kept by request object, so nothing outlives the request.
 */
const methods = new WeakMap<Request, string>();

export function noteChargeMethod(request: Request, method: string): void {
  methods.set(request, method);
}

export function chargeMethodOf(request: Request): string | undefined {
  return methods.get(request);
}
