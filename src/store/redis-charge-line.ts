/**
 * The fair charge line of the Redis store (store.ts, `takeChargeTurn`): one Lua script, so
 * every instance's step is atomic on the server, with the rules of the memory store's line
 * (memory-charge-line.ts). Its seven keys share one hash tag, `{<line>}`, so the script runs on
 * a Redis Cluster too; each expires once nothing in it matters any more.
 */
import { randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import { redisScript } from './redis-script.js';
import { checkChargeLineBudget, type ChargeLineBudget, type ChargeTurn, type ChargeTurnRequest } from './store.js';

/**
 * KEYS: 1 the window's open slots (sorted set, score = start ms), 2 the waiting tickets (sorted set,
 * score = round, member = zero-padded arrival number ':' ticket, so ties go by arrival), 3
 * ticket -> member (hash), 4 member -> deadline (sorted set), 5 bucket -> its next round
 * (sorted set), 6 the line's round and arrival counter (hash), 7 the window's reserve slots
 * (sorted set, score = start ms).
 * ARGV: limit, reserve, windowMs, graceMs, maxWaiting, kind, ticket, bucket, join (1|0), slot member.
 * Answers {1} admitted, {2, position, waitMs} waiting, {3, waitMs} refused, {4} unknown.
 */
const TAKE_CHARGE_TURN_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit, reserve, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local grace, maxWaiting = tonumber(ARGV[4]), tonumber(ARGV[5])
local open = limit - reserve
local slots, waiting, tickets, deadlines, rounds, state, reserved = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]

redis.call('ZREMRANGEBYSCORE', slots, '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', reserved, '-inf', now - window)
local expired = redis.call('ZRANGEBYSCORE', deadlines, '-inf', now)
for _, member in ipairs(expired) do
  redis.call('ZREM', waiting, member)
  redis.call('HDEL', tickets, string.sub(member, 17))
end
redis.call('ZREMRANGEBYSCORE', deadlines, '-inf', now)
local round = tonumber(redis.call('HGET', state, 'round') or '0')
local waitingCount = redis.call('ZCARD', waiting)
local count = redis.call('ZCARD', slots)
if waitingCount == 0 and count == 0 then
  redis.call('DEL', rounds)
else
  redis.call('ZREMRANGEBYSCORE', rounds, '-inf', round)
end
local free = math.max(0, open - count)

local function slotStart(index)
  return tonumber(redis.call('ZRANGE', slots, index, index, 'WITHSCORES')[2])
end
local function waitFor(place)
  local cycle = place % open
  local base = now
  if cycle >= open - count then base = slotStart(count - open + cycle) + window end
  return base + math.floor(place / open) * window - now
end
local function keep()
  local longest = window
  local last = redis.call('ZRANGE', deadlines, -1, -1, 'WITHSCORES')
  if last[2] then longest = math.max(longest, tonumber(last[2]) - now + window) end
  for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, longest) end
end
local function admit(startRound)
  if startRound > round then redis.call('HSET', state, 'round', startRound) end
  redis.call('ZADD', slots, now, ARGV[10])
  keep()
  return {1}
end
local function admitOrWait(member, place)
  if place < free then
    local startRound = tonumber(redis.call('ZSCORE', waiting, member))
    redis.call('ZREM', waiting, member)
    redis.call('ZREM', deadlines, member)
    redis.call('HDEL', tickets, ARGV[7])
    return admit(startRound)
  end
  local ms = waitFor(place)
  redis.call('ZADD', deadlines, now + ms + grace, member)
  keep()
  return {2, place + 1, ms}
end

if ARGV[6] == 'retry' then
  if free > waitingCount then return admit(0) end
  local reservedCount = redis.call('ZCARD', reserved)
  if reservedCount < reserve then
    redis.call('ZADD', reserved, now, ARGV[10])
    keep()
    return {1}
  end
  -- The next open slot no waiting ticket is owed, or the next reserve slot, whichever frees first.
  local wait = waitFor(waitingCount)
  if reserve > 0 then
    local index = reservedCount - reserve
    wait = math.min(wait, tonumber(redis.call('ZRANGE', reserved, index, index, 'WITHSCORES')[2]) + window - now)
  end
  return {3, wait}
end
local member = redis.call('HGET', tickets, ARGV[7])
if member then
  local place = redis.call('ZRANK', waiting, member)
  if place then return admitOrWait(member, place) end
  redis.call('HDEL', tickets, ARGV[7])
end
if ARGV[9] ~= '1' then return {4} end
local bucket = ARGV[8]
local startRound = math.max(round, tonumber(redis.call('ZSCORE', rounds, bucket) or '0'))
if waitingCount >= maxWaiting then return {3, waitFor(waitingCount)} end
redis.call('ZADD', rounds, startRound + 1, bucket)
if waitingCount == 0 and count < open then return admit(startRound) end
local excess = redis.call('ZCARD', rounds) - maxWaiting
if excess > 0 then redis.call('ZREMRANGEBYRANK', rounds, 0, excess - 1) end
member = string.format('%015d', redis.call('HINCRBY', state, 'seq', 1)) .. ':' .. ARGV[7]
redis.call('ZADD', waiting, startRound, member)
redis.call('HSET', tickets, ARGV[7], member)
return admitOrWait(member, redis.call('ZRANK', waiting, member))
`;
const takeChargeTurnScript = redisScript(TAKE_CHARGE_TURN_SCRIPT);

const KEY_NAMES = ['slots', 'waiting', 'tickets', 'deadlines', 'rounds', 'state', 'reserved'] as const;

function chargeTurnFrom(reply: unknown): ChargeTurn {
  const numbers = Array.isArray(reply) && reply.every((item) => typeof item === 'number') ? (reply as number[]) : [];
  if (numbers[0] === 1 && numbers.length === 1) return { outcome: 'admitted' };
  if (numbers[0] === 2 && numbers.length === 3) return { outcome: 'waiting', position: numbers[1]!, waitMs: numbers[2]! };
  if (numbers[0] === 3 && numbers.length === 2) return { outcome: 'refused', waitMs: numbers[1]! };
  if (numbers[0] === 4 && numbers.length === 1) return { outcome: 'unknown' };
  throw new Error(`unexpected reply from the charge line script: ${JSON.stringify(reply)}`);
}

/** `takeChargeTurn` on `client`, its keys named by `prefixed`. */
export function redisChargeLine(client: Redis | Cluster, prefixed: (name: string) => string) {
  return async function takeChargeTurn(line: string, budget: ChargeLineBudget, request: ChargeTurnRequest): Promise<ChargeTurn> {
    checkChargeLineBudget(budget);
    const keys = KEY_NAMES.map((name) => prefixed(`{${line}}:${name}`));
    const attempt = request.kind === 'attempt' ? request : { ticket: '', bucket: '', join: false };
    const args = [
      budget.limit,
      budget.reserve,
      budget.windowMs,
      budget.graceMs,
      budget.maxWaiting,
      request.kind,
      attempt.ticket,
      attempt.bucket,
      attempt.join ? 1 : 0,
      randomUUID(),
    ];
    return chargeTurnFrom(await takeChargeTurnScript(client, keys, args));
  };
}
