/**
 * The fair charge line of the in-process Store (store.ts, `takeChargeTurn`): the same rules as
 * the Redis script (redis-charge-line.ts), on plain arrays. A line holds at most `maxWaiting`
 * tickets and its window at most `limit` slots, and a line with neither is dropped, so its
 * memory is bounded whatever the traffic.
 */
import type { ChargeLineBudget, ChargeTurn, ChargeTurnRequest } from './store.js';
import { checkChargeLineBudget } from './store.js';

interface Ticket {
  ticket: string;
  /** Its round of start-time fair queueing; ties go to the earlier ticket. */
  round: number;
  seq: number;
  /** When it leaves the line unless asked for again. */
  deadline: number;
}

interface LineState {
  /** Start times of the window's open slots (new attempts, and retries when more are free than tickets wait), ascending. */
  slots: number[];
  /** Start times of the window's reserve slots (the other retries of admitted attempts), ascending. */
  reserved: number[];
  /** Waiting tickets in the order they go: by round, then by arrival. */
  waiting: Ticket[];
  /** Per bucket, the round its next ticket ranks in (only while above `round`). */
  rounds: Map<string, number>;
  /** The round of the latest ticket admitted: a bucket that waited in no round since starts here. */
  round: number;
  seq: number;
}

export interface MemoryChargeLines {
  take(line: string, budget: ChargeLineBudget, request: ChargeTurnRequest): ChargeTurn;
  clear(): void;
}

const ranksBefore = (a: Ticket, b: Ticket) => a.round < b.round || (a.round === b.round && a.seq < b.seq);

export function createMemoryChargeLines(now: () => number): MemoryChargeLines {
  const lines = new Map<string, LineState>();

  function stateOf(line: string, at: number, budget: ChargeLineBudget): LineState {
    const state = lines.get(line) ?? { slots: [], reserved: [], waiting: [], rounds: new Map(), round: 0, seq: 0 };
    lines.set(line, state);
    state.slots = state.slots.filter((start) => start > at - budget.windowMs);
    state.reserved = state.reserved.filter((start) => start > at - budget.windowMs);
    state.waiting = state.waiting.filter((ticket) => ticket.deadline > at);
    // A bucket's rounds count while its charges are in the window or its tickets wait.
    if (state.waiting.length === 0 && state.slots.length === 0) state.rounds.clear();
    for (const [bucket, next] of state.rounds) if (next <= state.round) state.rounds.delete(bucket);
    return state;
  }

  function decide(state: LineState, at: number, budget: ChargeLineBudget, request: ChargeTurnRequest): ChargeTurn {
    const { slots, reserved, waiting, rounds } = state;
    const { limit, windowMs } = budget;
    const open = limit - budget.reserve;
    const free = Math.max(0, open - slots.length);

    /** The wait of the ticket at 0-based `place`, if every ticket ahead goes as soon as it may. */
    function waitFor(place: number): number {
      const cycle = place % open;
      const base = cycle < open - slots.length ? at : slots[slots.length - open + cycle]! + windowMs;
      return base + Math.floor(place / open) * windowMs - at;
    }
    function admit(round: number): ChargeTurn {
      state.round = Math.max(state.round, round);
      slots.push(at);
      return { outcome: 'admitted' };
    }
    function admitOrWait(ticket: Ticket, place: number): ChargeTurn {
      if (place < free) {
        waiting.splice(place, 1);
        return admit(ticket.round);
      }
      const waitMs = waitFor(place);
      ticket.deadline = at + waitMs + budget.graceMs;
      return { outcome: 'waiting', position: place + 1, waitMs };
    }

    if (request.kind === 'retry') {
      // The open part's free slots are owed to the waiting tickets first: a retry takes one only when more are free than tickets wait.
      if (free > waiting.length) return admit(0);
      const { reserve } = budget;
      if (reserved.length < reserve) {
        reserved.push(at);
        return { outcome: 'admitted' };
      }
      // The next reserve slot, or the next open one no waiting ticket is owed, whichever frees first.
      const nextReserved = reserve > 0 ? reserved[reserved.length - reserve]! + windowMs - at : Infinity;
      const nextOpen = waitFor(waiting.length);
      return { outcome: 'refused', waitMs: Math.min(nextReserved, nextOpen) };
    }
    const place = waiting.findIndex((ticket) => ticket.ticket === request.ticket);
    if (place !== -1) return admitOrWait(waiting[place]!, place);
    if (!request.join) return { outcome: 'unknown' };
    const round = Math.max(state.round, rounds.get(request.bucket) ?? 0);
    if (waiting.length >= budget.maxWaiting) return { outcome: 'refused', waitMs: waitFor(waiting.length) };
    rounds.set(request.bucket, round + 1);
    if (waiting.length === 0 && slots.length < open) return admit(round);
    // Past the cap, the bucket with the lowest round is forgotten: it loses the least.
    if (rounds.size > budget.maxWaiting) rounds.delete([...rounds].reduce((low, entry) => (entry[1] < low[1] ? entry : low))[0]);
    const ticket: Ticket = { ticket: request.ticket, round, seq: (state.seq += 1), deadline: at };
    let position = waiting.length;
    while (position > 0 && ranksBefore(ticket, waiting[position - 1]!)) position -= 1;
    waiting.splice(position, 0, ticket);
    return admitOrWait(ticket, position);
  }

  function take(line: string, budget: ChargeLineBudget, request: ChargeTurnRequest): ChargeTurn {
    checkChargeLineBudget(budget);
    const at = now();
    const state = stateOf(line, at, budget);
    const turn = decide(state, at, budget, request);
    if (state.slots.length === 0 && state.reserved.length === 0 && state.waiting.length === 0) lines.delete(line);
    return turn;
  }

  return { take, clear: () => lines.clear() };
}
