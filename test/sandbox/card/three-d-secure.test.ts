import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { CARD_TOKEN_CLIENT_ID_HEADER, cardTokenResponseSchema } from '../../../src/contract/card-tokens.js';
import { flattenFieldErrors, isFieldErrorTree } from '../../../src/contract/errors.js';
import { threeDSecureResultSchema } from '../../../src/contract/three-d-secure.js';
import { DEFAULT_PUBLIC_KEY } from '../../../src/sandbox/world/fixture.js';
import type { ThreeDsSessionView } from '../../../src/sandbox/card/three-d-secure.js';
import { THREE_DS_CHALLENGE_SCRIPT } from '../../../src/sandbox/card/three-d-secure-challenge-page.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const FRICTIONLESS_CARD = '4111111111111111';
const CHALLENGE_CARD = '5555555555554444';
const SHOP_ORIGIN = 'https://loja.exemplo.com.br';
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors *";

const BILLING_ADDRESS = {
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310100',
};

interface PostedMessage {
  message: unknown;
  targetOrigin: unknown;
}

/** Runs the challenge script against a page's `data-*` report, as a framed page would. */
function runChallengeScript(script: string, html: string): PostedMessage[] {
  const posted: PostedMessage[] = [];
  const tag = /<main data-three-ds-result([^>]*)>/.exec(html);
  const dataset: Record<string, string> = {};
  for (const [, name, value] of (tag?.[1] ?? '').matchAll(/\sdata-([a-z-]+)="([^"]*)"/g)) {
    const key = name!.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    dataset[key] = value!.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
  }
  // postMessage delivers a structured clone; cloning also brings the object into this realm.
  const parent = { postMessage: (message: unknown, targetOrigin: unknown) => posted.push({ message: structuredClone(message), targetOrigin }) };
  const document = { querySelector: (selector: string) => (selector === '[data-three-ds-result]' && tag ? { dataset } : null) };
  runInNewContext(script, { document, window: { parent, opener: null } });
  return posted;
}

describe('sandbox: 3-D Secure stand-in', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  async function tokenize(number: string): Promise<string> {
    const response = await fetch(`${running.baseUrl}/public_api/card-tokens/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId },
      body: JSON.stringify({ holderName: 'Maria Silva', number, expMonth: '12', expYear: '2099', cvv: '123' }),
    });
    assert.equal(response.status, 201);
    return cardTokenResponseSchema.parse(await response.json()).token!;
  }

  function startSession(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${running.baseUrl}/sandbox/3ds/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async function sessionFor(number: string, parentOrigin = SHOP_ORIGIN, locale?: string): Promise<ThreeDsSessionView> {
    const cardToken = await tokenize(number);
    const response = await startSession({ cardToken, amountInCents: 9700, currency: 'BRL', parentOrigin, billingAddress: BILLING_ADDRESS, locale });
    assert.equal(response.status, 201);
    return (await response.json()) as ThreeDsSessionView;
  }

  const answerChallenge = (referenceId: string, body: unknown) =>
    fetch(`${running.baseUrl}/sandbox/3ds/challenge/${referenceId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  const postChallengeForm = (referenceId: string, form: Record<string, string>) =>
    fetch(`${running.baseUrl}/sandbox/3ds/challenge/${referenceId}`, { method: 'POST', body: new URLSearchParams(form) });

  const readSession = async (referenceId: string) => {
    const response = await fetch(`${running.baseUrl}/sandbox/3ds/sessions/${referenceId}`);
    assert.equal(response.status, 200);
    return (await response.json()) as ThreeDsSessionView;
  };

  async function fieldsInError(response: Response): Promise<string[]> {
    assert.equal(response.status, 400);
    const body: unknown = await response.json();
    assert.ok(isFieldErrorTree(body), JSON.stringify(body));
    return Object.keys(flattenFieldErrors(body));
  }

  describe('starting a session', () => {
    it('authenticates 4111111111111111 without a challenge and gives the charge data (eci 05, version 2.2.0)', async () => {
      const session = await sessionFor(FRICTIONLESS_CARD);
      assert.equal(session.challenge, false);
      assert.equal(session.outcome, 'authenticated');
      assert.equal(session.challengeUrl, undefined);
      assert.match(session.referenceId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const result = threeDSecureResultSchema.parse(session.result);
      assert.equal(result.referenceId, session.referenceId);
      assert.equal(result.eci, '05');
      assert.equal(result.version, '2.2.0');
      assert.equal(Buffer.from(result.cavv, 'base64').length, 20);
      assert.equal(running.sandbox.world.threeDsSessions.get(session.referenceId)?.outcome, 'authenticated');
    });

    it('authenticates every card but the challenge card frictionlessly, 4000000000003220 included', async () => {
      for (const number of ['4000000000003220', '4000000000000002', '6362970000457013', '4242424242424242']) {
        const session = await sessionFor(number);
        assert.equal(session.challenge, false, number);
        assert.equal(session.outcome, 'authenticated', number);
      }
    });

    it('asks 5555555555554444 for a challenge at an absolute URL, with no result yet', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      assert.equal(session.challenge, true);
      assert.equal(session.outcome, 'pending');
      assert.equal(session.result, undefined);
      assert.equal(session.challengeUrl, `${running.baseUrl}/sandbox/3ds/challenge/${session.referenceId}`);
    });

    it('keeps the parent origin the session was started with', async () => {
      const session = await sessionFor(CHALLENGE_CARD, 'http://localhost:5173');
      assert.equal(session.parentOrigin, 'http://localhost:5173');
      assert.equal(running.sandbox.world.threeDsSessions.get(session.referenceId)?.parentOrigin, 'http://localhost:5173');
    });

    it('refuses an unknown card token, naming cardToken', async () => {
      const response = await startSession({ cardToken: 'tok_unknown', amountInCents: 100, currency: 'BRL', parentOrigin: SHOP_ORIGIN, billingAddress: BILLING_ADDRESS });
      assert.deepEqual(await fieldsInError(response), ['cardToken']);
    });

    it('refuses a used card token, naming cardToken', async () => {
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      running.sandbox.world.cardTokens.get(cardToken)!.usedAt = running.sandbox.clock.now();
      const response = await startSession({ cardToken, amountInCents: 100, currency: 'BRL', parentOrigin: SHOP_ORIGIN, billingAddress: BILLING_ADDRESS });
      assert.deepEqual(await fieldsInError(response), ['cardToken']);
    });

    it('refuses a card token older than 15 minutes, naming cardToken', async () => {
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      const body = { cardToken, amountInCents: 100, currency: 'BRL', parentOrigin: SHOP_ORIGIN, billingAddress: BILLING_ADDRESS };
      await running.sandbox.clock.advance(14 * 60 + 59);
      assert.equal((await startSession(body)).status, 201);
      await running.sandbox.clock.advance(1);
      assert.deepEqual(await fieldsInError(await startSession(body)), ['cardToken']);
    });

    it('refuses a session without a billing address, naming billingAddress', async () => {
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      const response = await startSession({ cardToken, amountInCents: 100, currency: 'BRL', parentOrigin: SHOP_ORIGIN });
      assert.deepEqual(await fieldsInError(response), ['billingAddress']);
    });

    it('refuses a parent origin that is not a bare origin (a path, or "*"), naming parentOrigin', async () => {
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      for (const parentOrigin of [`${SHOP_ORIGIN}/checkout`, '*', 'javascript:alert(1)']) {
        const response = await startSession({ cardToken, amountInCents: 100, currency: 'BRL', parentOrigin, billingAddress: BILLING_ADDRESS });
        assert.deepEqual(await fieldsInError(response), ['parentOrigin'], parentOrigin);
      }
    });

    it('refuses an amount that is not whole cents, naming amountInCents', async () => {
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      const response = await startSession({ cardToken, amountInCents: 97.5, currency: 'BRL', parentOrigin: SHOP_ORIGIN, billingAddress: BILLING_ADDRESS });
      assert.deepEqual(await fieldsInError(response), ['amountInCents']);
    });

    it('answers CORS: a preflight gets 204 and the answer carries Access-Control-Allow-Origin', async () => {
      const preflight = await fetch(`${running.baseUrl}/sandbox/3ds/sessions`, {
        method: 'OPTIONS',
        headers: { Origin: SHOP_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
      const cardToken = await tokenize(FRICTIONLESS_CARD);
      const response = await startSession({ cardToken, amountInCents: 100, currency: 'BRL', parentOrigin: SHOP_ORIGIN, billingAddress: BILLING_ADDRESS }, { Origin: SHOP_ORIGIN });
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    });

    it('answers 404 for the state of an unknown session', async () => {
      const response = await fetch(`${running.baseUrl}/sandbox/3ds/sessions/00000000-0000-4000-8000-000000000000`);
      assert.equal(response.status, 404);
    });
  });

  describe('the challenge page', () => {
    it('is accessible pt-BR HTML with no inline script or style, under the strict CSP', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const response = await fetch(session.challengeUrl!);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('Content-Type') ?? '', /^text\/html/);
      assert.equal(response.headers.get('Content-Security-Policy'), CSP);
      const html = await response.text();
      assert.match(html, /<html lang="pt-BR">/);
      assert.match(html, /<label for="challenge-code">[^<]+<\/label>/);
      assert.match(html, /<input id="challenge-code" name="code"[^>]* required/);
      assert.match(html, /<button type="submit" name="action" value="submit">Confirmar<\/button>/);
      // The dialog that frames the page has the one cancel; Escape in the page cancels (the script).
      assert.doesNotMatch(html, /value="cancel"|Cancelar/);
      assert.match(html, new RegExp(`<form method="post" action="/sandbox/3ds/challenge/${session.referenceId}" data-cancel-on-escape>`));
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.equal(scripts.length, 1);
      assert.match(scripts[0]![1]!, /\ssrc="\/sandbox\/3ds\/challenge\.js"/);
      assert.equal(scripts[0]![2], '');
      assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=|javascript:/i);
      assert.match(html, /<link rel="stylesheet" href="\/sandbox\/3ds\/challenge\.css">/);
    });

    it('serves its script and its style (with a visible focus ring) as separate files', async () => {
      const script = await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`);
      assert.equal(script.status, 200);
      assert.match(script.headers.get('Content-Type') ?? '', /^text\/javascript/);
      const source = await script.text();
      assert.doesNotMatch(source, /\beval\(|new Function|'\*'|"\*"/);
      const style = await fetch(`${running.baseUrl}/sandbox/3ds/challenge.css`);
      assert.equal(style.status, 200);
      assert.match(style.headers.get('Content-Type') ?? '', /^text\/css/);
      assert.match(await style.text(), /:focus-visible\s*\{[^}]*outline: 3px solid/);
    });

    it('speaks the language the session was started in, a regional tag read by its language', async () => {
      const spanish = await sessionFor(CHALLENGE_CARD, SHOP_ORIGIN, 'es');
      const spanishPage = await (await fetch(spanish.challengeUrl!)).text();
      assert.match(spanishPage, /<html lang="es">/);
      assert.match(spanishPage, /<h1>Confirma que eres tú<\/h1>/);
      assert.match(spanishPage, /<label for="challenge-code">Código de verificación<\/label>/);
      assert.match(spanishPage, /escribe 1234 para autenticar/);
      const english = await sessionFor(CHALLENGE_CARD, SHOP_ORIGIN, 'en-US');
      const englishPage = await (await fetch(english.challengeUrl!)).text();
      assert.match(englishPage, /<html lang="en">/);
      assert.match(englishPage, /<button type="submit" name="action" value="submit">Confirm<\/button>/);
      const emptyAnswer = await (await postChallengeForm(english.referenceId, { code: '', action: 'submit' })).text();
      assert.match(emptyAnswer, /role="alert">Enter the verification code\.<\/p>/);
      const result = await (await postChallengeForm(english.referenceId, { code: '1234', action: 'submit' })).text();
      assert.match(result, /<html lang="en">[\s\S]*<h1>Authentication complete<\/h1>/);
      const other = await sessionFor(CHALLENGE_CARD, SHOP_ORIGIN, 'fr');
      assert.match(await (await fetch(other.challengeUrl!)).text(), /<html lang="pt-BR">[\s\S]*Confirme que é você/);
    });

    it('answers 404 with a page for an unknown session', async () => {
      const response = await fetch(`${running.baseUrl}/sandbox/3ds/challenge/nope`);
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('Content-Security-Policy'), CSP);
      assert.match(await response.text(), /Sessão de autenticação não encontrada/);
    });
  });

  describe('answering the challenge', () => {
    it('authenticates with code 1234 and gives the result (eci 05, the session referenceId)', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const response = await answerChallenge(session.referenceId, { code: '1234' });
      assert.equal(response.status, 200);
      const answered = (await response.json()) as ThreeDsSessionView;
      assert.equal(answered.outcome, 'authenticated');
      const result = threeDSecureResultSchema.parse(answered.result);
      assert.equal(result.eci, '05');
      assert.equal(result.referenceId, session.referenceId);
      assert.equal(result.version, '2.2.0');
      assert.deepEqual((await readSession(session.referenceId)).result, answered.result);
    });

    it('fails with any other code, without a result, and takes no second answer', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const answered = (await (await answerChallenge(session.referenceId, { code: '4321' })).json()) as ThreeDsSessionView;
      assert.equal(answered.outcome, 'failed');
      assert.equal(answered.result, undefined);
      const again = await answerChallenge(session.referenceId, { code: '1234' });
      assert.equal(again.status, 409);
      assert.equal((await readSession(session.referenceId)).outcome, 'failed');
    });

    it('is canceled by the cancel action', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const response = await answerChallenge(session.referenceId, { action: 'cancel' });
      assert.equal(response.status, 200);
      assert.equal((await readSession(session.referenceId)).outcome, 'canceled');
      assert.equal((await readSession(session.referenceId)).result, undefined);
    });

    it('refuses an empty code, naming code, and leaves the session pending', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      assert.deepEqual(await fieldsInError(await answerChallenge(session.referenceId, { code: ' ' })), ['code']);
      assert.equal((await readSession(session.referenceId)).outcome, 'pending');
    });

    it('answers 409 to an answer for a frictionless session and 404 for an unknown one', async () => {
      const session = await sessionFor(FRICTIONLESS_CARD);
      assert.equal((await answerChallenge(session.referenceId, { code: '1234' })).status, 409);
      assert.equal((await answerChallenge('nope', { code: '1234' })).status, 404);
    });
  });

  describe('the form and the message to the opener', () => {
    it('posts the authenticated result to the session parent origin only, after the form is sent with 1234', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const response = await postChallengeForm(session.referenceId, { code: '1234', action: 'submit' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Content-Security-Policy'), CSP);
      const html = await response.text();
      assert.match(html, new RegExp(`data-parent-origin="${SHOP_ORIGIN}"`));
      const script = await (await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`)).text();
      const posted = runChallengeScript(script, html);
      const stored = await readSession(session.referenceId);
      assert.deepEqual(posted, [
        {
          targetOrigin: SHOP_ORIGIN,
          message: { type: 'pay-checkout:3ds-result', referenceId: session.referenceId, outcome: 'authenticated', result: stored.result },
        },
      ]);
    });

    it('writes the target origin from the session, whatever origin the session names', async () => {
      const session = await sessionFor(CHALLENGE_CARD, 'http://127.0.0.1:8123');
      const html = await (await postChallengeForm(session.referenceId, { code: '0000', action: 'submit' })).text();
      const script = await (await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`)).text();
      const posted = runChallengeScript(script, html);
      assert.deepEqual(posted, [
        { targetOrigin: 'http://127.0.0.1:8123', message: { type: 'pay-checkout:3ds-result', referenceId: session.referenceId, outcome: 'failed' } },
      ]);
    });

    it('sends the form as a cancel when Escape is pressed in the challenge page, once', () => {
      const keydown: Array<(event: unknown) => void> = [];
      const appended: Array<{ name: string; value: string; type: string }> = [];
      let submitted = 0;
      const form = { dataset: {} as Record<string, string>, append: (input: { name: string; value: string; type: string }) => appended.push(input), submit: () => (submitted += 1) };
      const document = {
        querySelector: (selector: string) => (selector === 'form[data-cancel-on-escape]' ? form : null),
        addEventListener: (type: string, listener: (event: unknown) => void) => type === 'keydown' && keydown.push(listener),
        createElement: () => ({ type: '', name: '', value: '' }),
      };
      runInNewContext(THREE_DS_CHALLENGE_SCRIPT, { document, window: { parent: null, opener: null } });
      const press = (key: string) => keydown.forEach((listener) => listener({ key, isComposing: false, preventDefault: () => undefined }));
      press('Enter');
      assert.equal(submitted, 0);
      press('Escape');
      press('Escape');
      assert.equal(submitted, 1);
      assert.deepEqual(appended.map(({ type, name, value }) => ({ type, name, value })), [{ type: 'hidden', name: 'action', value: 'cancel' }]);
    });

    it('posts canceled when the form is sent as a cancel', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const html = await (await postChallengeForm(session.referenceId, { code: '', action: 'cancel' })).text();
      const script = await (await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`)).text();
      assert.deepEqual(runChallengeScript(script, html).map(({ message }) => message), [
        { type: 'pay-checkout:3ds-result', referenceId: session.referenceId, outcome: 'canceled' },
      ]);
      assert.equal((await readSession(session.referenceId)).outcome, 'canceled');
    });

    it('posts nothing from the challenge form itself, and shows the form again with an alert for an empty code', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      const script = await (await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`)).text();
      assert.deepEqual(runChallengeScript(script, await (await fetch(session.challengeUrl!)).text()), []);
      const response = await postChallengeForm(session.referenceId, { code: '', action: 'submit' });
      assert.equal(response.status, 400);
      const html = await response.text();
      assert.match(html, /<p id="challenge-code-error" class="field-error" role="alert">Informe o código de verificação\.<\/p>/);
      assert.match(html, /aria-describedby="challenge-code-hint challenge-code-error" aria-invalid="true"/);
      assert.equal((await readSession(session.referenceId)).outcome, 'pending');
    });

    it('shows the result again (and reports it again) when a finished challenge page is reloaded', async () => {
      const session = await sessionFor(CHALLENGE_CARD);
      await answerChallenge(session.referenceId, { code: '1234' });
      const html = await (await fetch(session.challengeUrl!)).text();
      const script = await (await fetch(`${running.baseUrl}/sandbox/3ds/challenge.js`)).text();
      const posted = runChallengeScript(script, html);
      assert.equal(posted.length, 1);
      assert.equal(posted[0]!.targetOrigin, SHOP_ORIGIN);
      assert.equal((posted[0]!.message as { outcome: string }).outcome, 'authenticated');
    });
  });
});
