/**
 * ioredis, loaded when the Redis store is: it is an optional peer dependency of the package, so
 * a shop that uses only the widget or the memory store installs no Redis client. When it is
 * missing, the error says what to install instead of Node's bare "Cannot find package".
 */
import type * as Ioredis from 'ioredis';

export const IOREDIS_MISSING_MESSAGE =
  'pay-checkout/store/redis needs the ioredis package, an optional peer dependency: run `npm install ioredis@6` in your app.';

/** Imports ioredis; `importIoredis` stands in for the import in tests. */
export async function loadIoredis(importIoredis: () => Promise<unknown> = () => import('ioredis')): Promise<typeof Ioredis> {
  try {
    return (await importIoredis()) as typeof Ioredis;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && /'ioredis'/.test((error as Error).message)) throw new Error(IOREDIS_MISSING_MESSAGE, { cause: error });
    throw error;
  }
}
