import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createRouteTransform, transformDocument } from './openapi';

/** The OpenAPI description of every route registered after this, and its UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, config: Config, { crossSiteExemptRoutes }: { crossSiteExemptRoutes: readonly string[] }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Course marketplace API', version: '1.0.0', license: { name: 'Proprietary', url: `${config.publicUrl}/about` } },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'marketplace.session_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: createRouteTransform({ crossSiteExemptRoutes }),
    transformObject: transformDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own policy, made as strict as the app's: no framing, and no https upgrade on an http server.
    transformStaticCSP: (header) => {
      const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return config.isHttps ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}
