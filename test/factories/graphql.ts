import request from 'supertest';

type Server = Parameters<typeof request>[0];

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/** Posts one GraphQL document and returns data and errors (HTTP status kept for the odd 400). */
export async function gql<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
  server: Server,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLAnswer<T>> {
  const res = await request(server).post('/graphql').set(headers).send({ query, variables });
  return { status: res.status, data: res.body.data ?? null, errors: res.body.errors };
}

/** The codes of the errors of an answer, for compact assertions. */
export const codes = (answer: GraphQLAnswer<unknown>) => (answer.errors ?? []).map((e) => e.extensions?.code);
