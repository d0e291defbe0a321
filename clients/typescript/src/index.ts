export { createArbiterClient, unwrap } from './client';
export type { ArbiterClient, ArbiterClientOptions, components, operations, paths } from './client';
export { ArbiterNetworkError, ArbiterProblem } from './problem';
export type { FieldError, ProblemBody } from './problem';
export { DEFAULT_RETRY, resilientFetch, retryAfterMs } from './retry';
export type { ResilientFetchOptions, RetryInfo, RetryOptions } from './retry';
export { commitmentOf, verifyCommitment } from './commitment';
export type { CommittedFields, RevealedRoll } from './commitment';
export * from './receipts';
