import type { FastifyReply } from 'fastify';

/*
 * Refusals of a request to /graphql made before Apollo sees it (a body that is not JSON, too large or
 * of another content type; variables nested too deeply or holding text that cannot be stored; a rate
 * limit) are GraphQL responses too, as the GraphQL-over-HTTP spec wants of every answer of the
 * endpoint: `{ "errors": [{ message, extensions: { code, status, errors } }] }`, with no `data` (the
 * request never reached execution) and the refusal's own 4xx status, as Apollo Server 5 answers the
 * variables it refuses itself (400, whichever media type was asked for). The media type is chosen
 * the way Apollo chooses it: `application/graphql-response+json` when the client prefers it, else
 * `application/json`.
 */

export const GRAPHQL_PATH = '/graphql';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Whether a request URL is the GraphQL endpoint (query string aside). */
export function isGraphqlUrl(url: string | undefined): boolean {
  return (url ?? '').split('?')[0] === GRAPHQL_PATH;
}

/**
 * The quality an Accept header gives a media type (`application/json` matches `application/*` and
 * `*\/*`; the GraphQL type only itself, as Apollo asks for it), and where the match stands in the
 * header; -1 when not accepted.
 */
function accepted(header: string, type: string, wildcards: boolean): { q: number; at: number } {
  let best = { q: -1, at: Infinity, specificity: -1 };
  header.split(',').forEach((part, at) => {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const media = range.trim();
    const specificity =
      media === type
        ? 2
        : wildcards && media === `${type.split('/')[0]}/*`
          ? 1
          : wildcards && media === '*/*'
            ? 0
            : -1;
    if (specificity < 0 || specificity < best.specificity) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { q: Number.isFinite(q) ? q : 0, at, specificity };
  });
  return best.q > 0 ? { q: best.q, at: best.at } : { q: -1, at: Infinity };
}

/** `application/graphql-response+json` when the Accept header prefers it to JSON, else `application/json`. */
export function graphqlResponseType(accept: string | string[] | undefined): string {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  if (!header) return JSON_TYPE;
  const graphql = accepted(header, 'application/graphql-response+json', false);
  const json = accepted(header, 'application/json', true);
  if (graphql.q < 0) return JSON_TYPE;
  return graphql.q > json.q || (graphql.q === json.q && graphql.at <= json.at)
    ? GRAPHQL_RESPONSE_TYPE
    : JSON_TYPE;
}

/** Sends a refusal of a /graphql request as a GraphQL response with the refusal's status. */
export function sendGraphqlRefusal(
  reply: FastifyReply,
  accept: string | string[] | undefined,
  status: number,
  message: string,
  extensions: Record<string, unknown>,
): FastifyReply {
  return reply
    .status(status)
    .header('content-type', graphqlResponseType(accept))
    .send(JSON.stringify({ errors: [{ message, extensions }] }));
}
