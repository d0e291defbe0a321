import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { openApiDocument } from '../src/app.factory';

export const OPENAPI_FILE = 'openapi/openapi.json';
export const SCHEMA_FILE = 'openapi/schema.graphql';

/** The two public contracts as the code generates them, in the exact text we commit. */
export function generateContracts(app: NestFastifyApplication): { openapi: string; schema: string } {
  const openapi = `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
  const schema = `${printSchema(app.get(GraphQLSchemaHost).schema)}\n`;
  return { openapi, schema };
}
