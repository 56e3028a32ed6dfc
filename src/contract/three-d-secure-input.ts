/**
 * The words of three-d-secure.ts's `threeDSecureAuthenticationInputSchema` that are the
 * service's own rather than a shared field message. The browser has no copy of the schema's
 * rules: the widget's form checks the buyer's data, and the 3-D Secure service answers a 400
 * naming the fields for anything else.
 */

/** What the API says of a buyer's e-mail it cannot read. */
export const THREE_DS_EMAIL_MESSAGE = 'Informe um e-mail válido.';
