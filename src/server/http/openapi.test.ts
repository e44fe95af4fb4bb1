import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { endpoints } from '../../shared/endpoints/endpoint-table';

type OpenApiDocument = { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };

describe('the OpenAPI document', () => {
  const ctx = useTestApp();

  it('describes every endpoint of the table the server registers, with its summary and tags', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    const missing = Object.entries(endpoints)
      // The swagger plugin leaves HEAD routes out of the document (tus's offset query among them).
      .filter(([, endpoint]) => !('servedBy' in endpoint) && endpoint.method !== 'HEAD')
      .filter(([, endpoint]) => {
        const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
        return operation?.summary !== endpoint.summary || operation.tags?.join() !== endpoint.tags.join();
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
