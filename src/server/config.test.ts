import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('treats empty values from an .env file as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', AUTH_SECRET: '', GOOGLE_CLIENT_ID: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
    expect(config.social.google).toBeUndefined();
  });

  it('turns on https behaviour from PUBLIC_URL and reads social providers in pairs', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://cursos.example.com/', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', GOOGLE_CLIENT_ID: 'only-id' });
    expect(config.publicUrl).toBe('https://cursos.example.com');
    expect(config.isHttps).toBe(true);
    expect(config.social.github).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.social.google).toBeUndefined();
  });

  it('parses ADMIN_EMAILS as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,' }).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });
});
