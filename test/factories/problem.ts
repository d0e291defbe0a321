import type { Response } from 'supertest';

/**
 * Asserts that a REST answer is an RFC 9457 problem with this status and code (and, when given,
 * that its `errors[]` names `field`). Status and code are compared together so a failure shows both.
 */
export function expectProblem(res: Response, status: number, code: string, field?: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: expect.stringContaining(code.toLowerCase().replace(/_/g, '-')),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
  });
  if (field !== undefined) {
    expect((res.body.errors ?? []).map((e: { field: string }) => e.field)).toContain(field);
  }
}

/** The fields an `errors[]` names (REST problem body or GraphQL `extensions.errors`). */
export const fieldsOf = (errors: unknown): string[] =>
  Array.isArray(errors) ? errors.map((e: { field: string }) => e.field) : [];

/**
 * Asserts that an answer of /graphql refused before execution is a GraphQL response (issue 40):
 * JSON (`application/json`, or `application/graphql-response+json` when `mediaType` says so) with
 * `errors[]` and no `data`, this status, `extensions.code` and (when given) `field` named in
 * `extensions.errors`.
 */
export function expectGraphqlRefusal(
  res: Response,
  status: number,
  code: string,
  field?: string,
  mediaType = 'application/json',
): void {
  const errors = (res.body?.errors ?? []) as Array<{
    message?: unknown;
    extensions?: Record<string, unknown>;
  }>;
  expect({ status: res.status, codes: errors.map((e) => e.extensions?.code) }).toEqual({
    status,
    codes: [code],
  });
  expect(res.headers['content-type']).toBe(`${mediaType}; charset=utf-8`);
  expect(res.body).not.toHaveProperty('data');
  expect(typeof errors[0].message).toBe('string');
  expect(errors[0].extensions).toMatchObject({ code, status });
  if (field !== undefined) expect(fieldsOf(errors[0].extensions?.errors)).toContain(field);
}
