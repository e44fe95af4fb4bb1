import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** A public demo on purpose: demo accounts and the test payment provider, allowed explicitly. */
const deliberateDemo = { ALLOW_DEMO_DATA_IN_PRODUCTION: 'true', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.isHttps).toBe(false);
    expect(config.stripe).toBeUndefined();
    expect(config.videoMaxBytes).toBe(2 * 1024 ** 3);
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('runs one server process unless told, and several only on the PostgreSQL server', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/marketplace' }).webConcurrency).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: .*DATABASE_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('treats empty values from an .env file as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', AUTH_SECRET: '', GOOGLE_CLIENT_ID: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
    expect(config.social.google).toBeUndefined();
  });

  it('turns on https behaviour from PUBLIC_URL and reads social providers in pairs', () => {
    const config = loadConfig({ ...deliberateDemo, PUBLIC_URL: 'https://cursos.example.com/', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', GOOGLE_CLIENT_ID: 'only-id' });
    expect(config.publicUrl).toBe('https://cursos.example.com');
    expect(config.isHttps).toBe(true);
    expect(config.social.github).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.social.google).toBeUndefined();
  });

  it('allows 20 password attempts per account by default (PASSWORD_ATTEMPTS_PER_ACCOUNT), at least 1', () => {
    expect(loadConfig({}).passwordAttemptsPerAccount).toBe(20);
    expect(loadConfig({ PASSWORD_ATTEMPTS_PER_ACCOUNT: '50' }).passwordAttemptsPerAccount).toBe(50);
    expect(() => loadConfig({ PASSWORD_ATTEMPTS_PER_ACCOUNT: '0' })).toThrow(/PASSWORD_ATTEMPTS_PER_ACCOUNT/);
  });

  it('parses ADMIN_EMAILS as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,' }).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });
});

describe('loadConfig on a production server (https PUBLIC_URL or NODE_ENV=production)', () => {
  const productions = [
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://cursos.example.com' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ] as const;

  it.each(productions)('with %s, refuses to seed the demo accounts unless ALLOW_DEMO_DATA_IN_PRODUCTION=true', (_name, production) => {
    // SEED_DEMO_DATA is true by default.
    expect(() => loadConfig({ ...production, ...stripeKeys })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, ...stripeKeys })).toThrow(/SEED_DEMO_DATA: .*ALLOW_DEMO_DATA_IN_PRODUCTION=true/);
    expect(() => loadConfig({ ...production, ...stripeKeys, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/);
    expect(loadConfig({ ...production, ...stripeKeys, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, ...stripeKeys, ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' }).seedDemoData).toBe(true);
  });

  it.each(productions)('with %s, refuses the built-in test payment provider unless ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true', (_name, production) => {
    const settings = { ...production, SEED_DEMO_DATA: 'false' };
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(/STRIPE_SECRET_KEY: .*ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true/);
    expect(loadConfig({ ...settings, ...stripeKeys }).stripe?.secretKey).toBe('sk_live_1');
    expect(loadConfig({ ...settings, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' }).stripe).toBeUndefined();
  });

  it('names both settings at once when both would be unsafe', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('loadConfig accepted an unsafe production configuration');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual(['SEED_DEMO_DATA', 'STRIPE_SECRET_KEY']);
  });

  it('starts as a deliberate public demo when both are allowed explicitly', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://demo.example.com', NODE_ENV: 'production', ...deliberateDemo });
    expect(config.seedDemoData).toBe(true);
    expect(config.stripe).toBeUndefined();
  });

  it('leaves local http runs and tests as they are', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
  });
});

describe('loadConfig: object storage (S3_*)', () => {
  const bucket = { S3_BUCKET: 'videos', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps videos on the local disk when no S3 setting is given', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeUndefined();
  });

  it('reads a bucket: AWS without an endpoint, path-style URLs with one, a one-minute presigned URL by default', () => {
    expect(loadConfig(bucket).s3).toEqual({ ...{ endpoint: undefined, publicEndpoint: undefined }, bucket: 'videos', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false, presignedUrlTtlSeconds: 60 });
    const minio = loadConfig({ ...bucket, S3_ENDPOINT: 'http://minio:9000/', S3_PUBLIC_ENDPOINT: 'https://media.example.com', S3_PRESIGNED_URL_TTL_SECONDS: '120' }).s3!;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', publicEndpoint: 'https://media.example.com', forcePathStyle: true, presignedUrlTtlSeconds: 120 });
    expect(loadConfig({ ...bucket, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false);
  });

  it('stops on half a configuration, naming every missing setting', () => {
    const error = (() => {
      try {
        loadConfig({ S3_BUCKET: 'videos', S3_ENDPOINT: 'http://minio:9000' });
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('no error');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual(['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    expect(error.issues[0]).toContain('S3_BUCKET, S3_ENDPOINT are set');
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET: object storage is half configured/);
  });

  it('refuses settings that cannot go together or are malformed', () => {
    expect(() => loadConfig({ ...bucket, VIDEO_ACCEL_REDIRECT_PREFIX: '/internal-videos/' })).toThrow(/VIDEO_ACCEL_REDIRECT_PREFIX/);
    expect(() => loadConfig({ ...bucket, S3_PUBLIC_ENDPOINT: 'https://media.example.com' })).toThrow(/S3_PUBLIC_ENDPOINT/);
    expect(() => loadConfig({ ...bucket, S3_BUCKET: 'Bad Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...bucket, S3_PRESIGNED_URL_TTL_SECONDS: '5' })).toThrow(/S3_PRESIGNED_URL_TTL_SECONDS/);
  });
});

describe('loadConfig: traces (OTEL_*)', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' };

  it('traces nothing unless an OTLP endpoint is set, or when the SDK is switched off', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
  });

  it('posts to <endpoint>/v1/traces (or the traces endpoint as given), as `marketplace`, keeping every trace by default', () => {
    expect(loadConfig(endpoint).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'marketplace',
      sampler: { name: 'parentbased_always_on', ratio: 1 },
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/api/spans' }).tracing!.tracesUrl).toBe('https://otlp.example.com/api/spans');
    const sampled = loadConfig({ ...endpoint, OTEL_SERVICE_NAME: 'shop-eu', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).tracing!;
    expect(sampled).toMatchObject({ serviceName: 'shop-eu', sampler: { name: 'parentbased_traceidratio', ratio: 0.1 } });
  });

  it('reads the export headers as comma-separated name=value pairs with URL-encoded values', () => {
    const { headers } = loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20dXNlcjpwYXNz, x-scope=shop%2Ceu,' }).tracing!;
    expect(headers).toEqual({ authorization: 'Basic dXNlcjpwYXNz', 'x-scope': 'shop,eu' });
  });

  it('stops on a malformed setting, naming it without repeating a header value', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/json/);
    for (const headers of ['Authorization', 'Authorization: Bearer s3cr3t-token', 'api-key=%E0%A4%A']) {
      expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_HEADERS: headers })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS: entry 1 is not name=value/);
      expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_HEADERS: headers })).not.toThrow(/s3cr3t|E0%A4/);
    }
  });
});
