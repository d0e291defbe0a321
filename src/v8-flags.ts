import { setFlagsFromString } from 'node:v8';

/*
 * V8 flags the server sets for itself, before anything else is loaded (docs/decisions.md, "The
 * server turns off V8's allocation-site pretenuring"). `src/main.ts` imports this module first, and
 * so do the bench's servers, so that the app and the bare servers it is compared with run on the
 * same V8 settings.
 *
 * `--no-allocation-site-pretenuring`: V8 watches where objects are allocated, and when most objects
 * of one allocation site outlive a few young-generation collections it allocates every later object
 * of that site directly in the old generation, for good. A burst of long requests (a GraphQL document
 * of 200 aliased mutations, say) can so decide it for the sites every request uses; from then on the
 * ordinary short requests fill the old generation with garbage that only full collections reclaim,
 * and every collection costs more. After the bench's level-up setup the GraphQL check cost about
 * 250 µs of CPU a request instead of about 210, for as long as the process lived.
 */
export const SERVER_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag);
