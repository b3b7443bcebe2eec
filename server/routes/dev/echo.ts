// Test-only (NODE_ENV=test): a route with a body schema, so tests exercise validation and
// serialisation without depending on a feature route.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const DEV_ECHO_PATH = '/dev/echo';

const echoBody = z.object({
  email: z.email(),
  name: z.string().min(2),
  age: z.number().int().optional(),
});

export const devEchoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(DEV_ECHO_PATH, {
    schema: {
      tags: ['dev'],
      body: echoBody,
      response: { 200: z.object({ status: z.literal(200), message: z.string(), data: echoBody }) },
    },
  }, async (request) => ({ status: 200 as const, message: 'OK', data: request.body }));
};
