/** `T` once absent-or-null members are gone. */
export type Present<T> = { [K in keyof T]?: Exclude<T[K], null> };

/**
 * The members of `value` that were actually sent. GraphQL lets a client pass `null` for an optional
 * argument and JSON bodies may do the same; both mean "not given", which is how the core reads
 * `undefined`, so they are dropped before the core sees the input.
 */
export function withoutNulls<T extends object>(value: T): Present<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== null && member !== undefined),
  ) as Present<T>;
}
