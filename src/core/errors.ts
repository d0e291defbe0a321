/**
 * The one error type the rules core throws. `code` is a stable UPPER_SNAKE identifier that the API
 * reuses as the problem code (REST) and `extensions.code` (GraphQL); `field` names the input at fault.
 * The core never decides HTTP statuses: the API layer maps codes to them.
 */
export class RuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Every faulty input when there are several (a table's gaps and overlaps); else just `field`. */
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'RuleError';
  }
}
