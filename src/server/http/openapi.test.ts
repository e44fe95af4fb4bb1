import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/helpers/app';
import { createContractCheck } from '../../../test/helpers/openapi-contract';
import { endpoints } from '../../shared/endpoints/endpoint-table';

type Document = OpenAPIV3.Document;
type Response = OpenAPIV3.ResponseObject;

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const tableEndpoints = Object.entries(endpoints).filter(([, endpoint]) => !('servedBy' in endpoint));

describe('the OpenAPI document', () => {
  const ctx = useTestApp();
  const fetchDocument = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    return response.json<Document>();
  };
  const operationOf = (document: Document, endpoint: { path: string; method: string }) =>
    document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase() as OpenAPIV3.HttpMethods];

  it('describes every endpoint of the table the server registers, HEAD ones too, with its summary and tags', async () => {
    const document = await fetchDocument();
    const missing = tableEndpoints
      .filter(([, endpoint]) => {
        const operation = operationOf(document, endpoint);
        return operation?.summary !== endpoint.summary || operation.tags?.join() !== endpoint.tags.join();
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('declares on every operation the refusals the shared layers send: 400, 500, 503; 414 with a path parameter; 401 and 403 unless public; 403 CROSS_SITE_REQUEST, 413 and 415 on every write', async () => {
    const document = await fetchDocument();
    const undeclared: string[] = [];
    for (const [name, endpoint] of tableEndpoints) {
      const statuses = Object.keys(operationOf(document, endpoint)?.responses ?? {});
      const expected = ['400', '500', '503'];
      if (endpoint.access !== 'public') expected.push('401', '403');
      if (endpoint.path.includes(':')) expected.push('414');
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(endpoint.method)) expected.push('413', '415');
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(endpoint.method) && endpoint.path !== endpoints.paymentWebhook.path) expected.push('403');
      for (const status of expected) if (!statuses.includes(status)) undeclared.push(`${name} ${status}`);
    }
    expect(undeclared).toEqual([]);
    const refusal = operationOf(document, endpoints.addToCart)?.responses['403'] as Response;
    expect(refusal.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it("declares the session cookie or a bearer token on every operation that is not public, none (`[]`) on public ones, and both on those that read a session when there is one", async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearer', 'cookie']);
    const wrong = tableEndpoints
      .filter(([, endpoint]) => {
        const security = JSON.stringify(operationOf(document, endpoint)?.security);
        if ('security' in endpoint) return security !== JSON.stringify(endpoint.security);
        if (endpoint.access === 'public') return security !== '[]';
        return security !== JSON.stringify([{ cookie: [] }, { bearer: [] }]);
      })
      .map(([name]) => name);
    expect(wrong).toEqual([]);
    expect(operationOf(document, endpoints.getLessonContent)?.security).toEqual([{}, { cookie: [] }, { bearer: [] }]);
  });

  it("names every operation by its entry's name in the endpoint table, each name once", async () => {
    const document = await fetchDocument();
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) => (typeof operation === 'object' && operation !== null && 'responses' in operation ? [(operation as OpenAPIV3.OperationObject).operationId] : [])),
    );
    expect(operationIds.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(tableEndpoints.filter(([name, endpoint]) => operationOf(document, endpoint)?.operationId !== name).map(([name]) => name)).toEqual([]);
  });

  it('is valid OpenAPI 3.0 for a strict validator: every nullable schema has a type, every request text refuses NUL', async () => {
    const document = await fetchDocument();
    const untyped: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { nullable?: boolean; type?: string };
      if (schema.nullable === true && schema.type === undefined) untyped.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    walk(document, '');
    expect(untyped).toEqual([]);
    const image = ((operationOf(document, endpoints.updateAdminUser)?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.image as OpenAPIV3.SchemaObject;
    expect(image).toMatchObject({ type: 'string', nullable: true });
    const name = ((operationOf(document, endpoints.updateMe)?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.name as OpenAPIV3.SchemaObject;
    expect(new RegExp(name.pattern!, 'u').test('Ana\u0000')).toBe(false);
    const rate = ((operationOf(document, endpoints.updatePlayerSettings)?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.playbackRate as OpenAPIV3.SchemaObject;
    expect(rate.enum).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
  });

  it("describes the authentication library's endpoints the web app calls, and each answers as described (a call the library no longer serves fails here)", async () => {
    const document = await fetchDocument();
    const authEntries = Object.entries(endpoints).filter(([, endpoint]) => 'servedBy' in endpoint);
    expect(authEntries.length).toBeGreaterThanOrEqual(8);
    expect(authEntries.filter(([name, endpoint]) => operationOf(document, endpoint)?.operationId !== name).map(([name]) => name)).toEqual([]);
    // Each is called with an empty body (or no query): whatever it answers, the contract check of
    // the test app compares it with the document; and the catch-all's refusal of an endpoint it does
    // not pass on (404 "No such authentication endpoint") is never among them.
    for (const [name, endpoint] of authEntries) {
      const response = await ctx.app.inject({ method: endpoint.method, url: endpoint.path, headers: { origin: TEST_ORIGIN }, ...(endpoint.method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.body, name).not.toContain('No such authentication endpoint');
    }
  });

  it('declares media answers with their own content types, and answers without a body with none', async () => {
    const document = await fetchDocument();
    const contentTypes = (endpoint: { path: string; method: string }, status: string) =>
      Object.keys((operationOf(document, endpoint)?.responses[status] as Response | undefined)?.content ?? {});
    expect(contentTypes(endpoints.streamIntroVideo, '206')).toEqual(['video/mp4']);
    expect(contentTypes(endpoints.streamVideo, '200')).toEqual(['video/mp4']);
    expect(contentTypes(endpoints.streamHlsMaster, '200')).toEqual(['application/vnd.apple.mpegurl']);
    expect(contentTypes(endpoints.streamIntroHlsFile, '200')).toEqual(['application/vnd.apple.mpegurl', 'video/mp2t']);
    expect(contentTypes(endpoints.streamHlsPoster, '200')).toEqual(['image/jpeg']);
    expect(contentTypes(endpoints.streamVideo, '304')).toEqual([]);
    expect(contentTypes(endpoints.cancelUpload, '204')).toEqual([]);
    expect(contentTypes(endpoints.appendToUpload, '200')).toEqual(['application/json']);
  });

  it('describes the tus protocol: HEAD of an upload, its request headers and the headers of its answers', async () => {
    const document = await fetchDocument();
    const head = operationOf(document, endpoints.getUploadOffset);
    expect(Object.keys((head?.responses['200'] as Response).headers ?? {})).toEqual(expect.arrayContaining(['Upload-Offset', 'Upload-Length', 'Tus-Resumable']));
    const create = operationOf(document, endpoints.createUpload);
    const headerNames = (create?.parameters as OpenAPIV3.ParameterObject[]).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);
    expect(headerNames).toEqual(expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']));
    expect(Object.keys((create?.responses['201'] as Response).headers ?? {})).toContain('Location');
    const append = operationOf(document, endpoints.appendToUpload);
    expect((append?.parameters as OpenAPIV3.ParameterObject[]).map((parameter) => parameter.name)).toContain('upload-offset');
  });

  it('lists null among the values of every nullable enum', async () => {
    const document = await fetchDocument();
    const withoutNull: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) withoutNull.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    walk(document, '');
    expect(withoutNull).toEqual([]);
    const processing = operationOf(document, endpoints.getMyVideoProcessing)?.responses['200'] as Response;
    expect(JSON.stringify(processing.content)).toContain('"enum":["queued","processing","ready","failed",null]');
  });

  it("carries the server's refinements of what it accepts: e-mails, picture URLs, reserved names, distinct videos", async () => {
    const document = await fetchDocument();
    const bodyOf = (endpoint: { path: string; method: string }) =>
      (operationOf(document, endpoint)?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject;
    const property = (schema: OpenAPIV3.SchemaObject, name: string) => schema.properties![name] as OpenAPIV3.SchemaObject;
    expect(property(bodyOf(endpoints.requestEmailChange), 'newEmail').format).toBe('email');
    expect(property(bodyOf(endpoints.sendMessage), 'email').format).toBe('email');
    const profile = bodyOf(endpoints.updateMe);
    const reserved = new RegExp((property(profile, 'name').not as OpenAPIV3.SchemaObject).pattern!, 'u');
    expect(['admin', ' Admin ', 'API', 'contact'].every((value) => reserved.test(value))).toBe(true);
    expect(['ana', 'administrator'].some((value) => reserved.test(value))).toBe(false);
    const image = new RegExp(property(profile, 'image').pattern!);
    expect(['', 'https://example.com/me.png'].every((value) => image.test(value))).toBe(true);
    expect(['javascript:alert(1)', 'data:image/png;base64,AA'].some((value) => image.test(value))).toBe(false);
    const course = bodyOf(endpoints.createCourse);
    expect(property(course, 'videoIds').uniqueItems).toBe(true);
    const courseImageSchema = property(course, 'imageUrl');
    const courseImage = new RegExp((courseImageSchema.pattern ?? (courseImageSchema.anyOf?.[0] as OpenAPIV3.SchemaObject | undefined)?.pattern)!);
    expect(['https://example.com/a.jpg', '/covers/a.svg', ''].every((value) => courseImage.test(value))).toBe(true);
    expect(courseImage.test('javascript:alert(1)')).toBe(false);
  });
});

describe('the contract check of the test app', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 'test', version: '1' },
    paths: {
      '/api/things/{id}': {
        get: {
          responses: {
            200: { description: 'a thing', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } },
            204: { description: 'nothing' },
          },
        },
      },
    },
  } as Document;
  const answer = (statusCode: number, body: string, contentType = 'application/json; charset=utf-8') =>
    ({ statusCode, body, rawPayload: Buffer.from(body), headers: { 'content-type': contentType } }) as never;

  it('passes answers the document describes and reports each one it does not: status, content type, body', () => {
    const contract = createContractCheck(document);
    contract.check({ method: 'GET', url: '/api/things/1' }, answer(200, '{"id":1}'));
    contract.check({ method: 'GET', url: '/api/things/1?x=1' }, answer(204, '', ''));
    contract.check({ method: 'HEAD', url: '/api/things/1' }, answer(200, ''));
    contract.check({ method: 'GET', url: '/api/unknown' }, answer(404, '{}'));
    contract.check({ method: 'GET', url: '/elsewhere' }, answer(500, 'x', 'text/plain'));
    expect(contract.takeFailures()).toEqual([]);

    contract.check({ method: 'GET', url: '/api/things/1' }, answer(409, '{}'));
    contract.check({ method: 'GET', url: '/api/things/1' }, answer(200, '{"id":1}', 'text/plain'));
    contract.check({ method: 'GET', url: '/api/things/1' }, answer(200, '{"id":"one"}'));
    contract.check({ method: 'GET', url: '/api/things/2' }, answer(204, '{"id":2}'));
    contract.check({ method: 'GET', url: '/api/things/3' }, answer(200, ''));
    contract.check({ method: 'GET', url: '/api/things/4' }, answer(204, '', 'text/plain'));
    const failures = contract.takeFailures();
    expect(failures).toHaveLength(6);
    expect(failures[0]).toContain('409, a status the document does not declare');
    expect(failures[1]).toContain('with a body of type text/plain');
    expect(failures[2]).toContain("with a body the document's schema refuses");
    expect(failures[3]).toContain('where the document declares no body');
    expect(failures[4]).toContain('with an empty answer, where the document declares a body of application/json');
    expect(failures[5]).toContain('with an empty answer of type text/plain, where the document declares no body');
  });
});
