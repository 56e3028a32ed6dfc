/**
 * The test controls under `/__sandbox/` (not part of the Public API): reset the world, set
 * the account's state, pay an order, move the clock, and (in the controls-*.ts modules)
 * limits, faults and webhook apps. They take no credentials and count against no limit;
 * bodies are JSON, and a bad one gets the Public API's 4xx error shapes, never a 500.
 */
import * as z from 'zod/mini';
import { nonEmptyString } from '../../contract/formats.js';
import type { ControlRoute } from './control-route.js';
import { readControlBody } from './controls-body.js';
import { faultControlRoutes } from './controls-faults.js';
import { limitControlRoutes } from './controls-limits.js';
import { orderControlRoutes } from './controls-orders.js';
import { webhookControlRoutes } from './controls-webhooks.js';
import { MAIN_ACCOUNT_ID } from '../world/fixture.js';
import { fieldError, jsonResponse } from '../requests/responses.js';
import type { Route } from '../requests/router.js';
import { BANKING_ACCOUNT_STATES, type SandboxAccount } from '../world/state.js';

export interface ControlDependencies {
  /** Back to the starting fixture. */
  reset(): void;
}

export const accountStateRequestSchema = z.strictObject({
  accountId: z.optional(nonEmptyString),
  bankingAccount: z.optional(z.enum(BANKING_ACCOUNT_STATES)),
  blocked: z.optional(z.boolean()),
  receivingRegistration: z.optional(z.enum(['done', 'pending'])),
});

export const clockAdvanceRequestSchema = z.strictObject({ advanceSeconds: z.number().check(z.gte(0)) });

/** What the account control shows: the state the rules read, without the fee tables. */
function accountState(account: SandboxAccount) {
  const { id, name, bankingAccount, blocked, receivingRegistration, merchantName, merchantCity } = account;
  return { id, name, bankingAccount, blocked, receivingRegistration, merchantName, merchantCity };
}

const clockState = (nowMs: number) => ({ now: new Date(nowMs).toISOString() });

function stateControlRoutes(dependencies: ControlDependencies): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/reset',
      auth: 'none',
      summary: 'Volta ao fixture: pedidos, apps de webhook, entregas, falhas, limites e contadores como novos.',
      handle() {
        dependencies.reset();
        return jsonResponse(200, { detail: 'Sandbox restaurado ao estado inicial.' });
      },
    },
    {
      method: 'PUT',
      path: '/__sandbox/account',
      auth: 'none',
      summary: `Estado da conta: {accountId? (padrão ${MAIN_ACCOUNT_ID}), bankingAccount?, blocked?, receivingRegistration? done|pending}.`,
      async handle({ request, world }) {
        const body = await readControlBody(request, accountStateRequestSchema);
        if (!body.ok) return body.response;
        const { accountId = MAIN_ACCOUNT_ID, ...changes } = body.value;
        const account = world.accounts.get(accountId);
        if (!account) return fieldError('accountId', `Conta "${accountId}" não existe no sandbox.`);
        if (changes.bankingAccount !== undefined) account.bankingAccount = changes.bankingAccount;
        if (changes.blocked !== undefined) account.blocked = changes.blocked;
        if (changes.receivingRegistration !== undefined) account.receivingRegistration = changes.receivingRegistration;
        return jsonResponse(200, accountState(account));
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/clock',
      auth: 'none',
      summary: 'Hora do sandbox.',
      handle: ({ clock }) => jsonResponse(200, clockState(clock.now())),
    },
    {
      method: 'POST',
      path: '/__sandbox/clock',
      auth: 'none',
      summary: 'Adianta o relógio: {advanceSeconds >= 0}; roda o que vencer (retentativas de webhook, 3DS pendente).',
      async handle({ request, clock }) {
        const body = await readControlBody(request, clockAdvanceRequestSchema);
        if (!body.ok) return body.response;
        await clock.advance(body.value.advanceSeconds);
        return jsonResponse(200, clockState(clock.now()));
      },
    },
  ];
}

/** Every control route, the index at `GET /__sandbox/` first. */
export function controlRoutes(dependencies: ControlDependencies): Route[] {
  const controls: ControlRoute[] = [
    ...stateControlRoutes(dependencies),
    ...orderControlRoutes(),
    ...limitControlRoutes(),
    ...faultControlRoutes(),
    ...webhookControlRoutes(),
  ];
  const index: ControlRoute = {
    method: 'GET',
    path: '/__sandbox/',
    auth: 'none',
    summary: 'Este índice.',
    handle: () => jsonResponse(200, { controls: [index, ...controls].map(({ method, path, summary }) => ({ method, path, summary })) }),
  };
  return [index, ...controls];
}
