import { graphqlResponseType, isGraphqlUrl } from './graphql-refusal';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_TYPE = 'application/graphql-response+json; charset=utf-8';

describe('graphqlResponseType', () => {
  it('answers application/json without an Accept header, or with one that does not prefer GraphQL’s', () => {
    expect(graphqlResponseType(undefined)).toBe(JSON_TYPE);
    expect(graphqlResponseType('*/*')).toBe(JSON_TYPE);
    expect(graphqlResponseType('text/html')).toBe(JSON_TYPE);
    expect(graphqlResponseType('application/json, application/graphql-response+json')).toBe(JSON_TYPE);
    expect(graphqlResponseType('application/graphql-response+json;q=0.5, application/*')).toBe(JSON_TYPE);
    expect(graphqlResponseType('application/graphql-response+json;q=0')).toBe(JSON_TYPE);
  });

  it('answers application/graphql-response+json when the client prefers it', () => {
    expect(graphqlResponseType('application/graphql-response+json')).toBe(GRAPHQL_TYPE);
    expect(graphqlResponseType('application/graphql-response+json, application/json;q=0.9')).toBe(
      GRAPHQL_TYPE,
    );
    expect(graphqlResponseType('application/json;q=0.5, application/graphql-response+json')).toBe(
      GRAPHQL_TYPE,
    );
    expect(graphqlResponseType(['application/graphql-response+json', '*/*;q=0.1'])).toBe(GRAPHQL_TYPE);
  });
});

describe('isGraphqlUrl', () => {
  it('is the GraphQL path, with or without a query string, and nothing else', () => {
    expect(isGraphqlUrl('/graphql')).toBe(true);
    expect(isGraphqlUrl('/graphql?query={__typename}')).toBe(true);
    expect(isGraphqlUrl('/graphqlx')).toBe(false);
    expect(isGraphqlUrl('/v1/graphql')).toBe(false);
    expect(isGraphqlUrl(undefined)).toBe(false);
  });
});
