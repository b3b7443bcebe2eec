// The OpenAPI document comes from the zod route schemas (one source for validation, types and docs)
// and is served as JSON at <apiBase>/docs/json.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EPOT API',
        description: 'English Proficiency Online Test. Every failure answers `{ status, message }`.',
        version: opts.version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}, { name: 'epot-openapi' });
