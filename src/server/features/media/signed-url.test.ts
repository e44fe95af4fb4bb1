import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStreamToken, deriveVideoUrlKey, verifyStreamToken, type StreamSubject } from './signed-url';

describe('stream tokens', () => {
  const key = deriveVideoUrlKey('a secret of the tests, long enough');
  const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
  const userId = randomUUID();
  const subjects: StreamSubject[] = [
    { kind: 'course-main', courseId: 123_456, userId },
    { kind: 'upload', videoId: randomUUID(), userId },
    { kind: 'lesson', lessonId: 98_765, userId },
    { kind: 'preview', lessonId: 42 },
  ];

  it.each(subjects)('gives back what it granted: %o', (subject) => {
    const token = createStreamToken(key, { ...subject, expiresAt });
    expect(token).toMatch(/^[\w.-]+$/);
    expect(verifyStreamToken(key, token)).toEqual({ ...subject, expiresAt });
  });

  it('refuses a token signed with another key, an expired one, and one whose grant was changed', () => {
    const token = createStreamToken(key, { kind: 'preview', lessonId: 42, expiresAt });
    expect(verifyStreamToken(deriveVideoUrlKey('another secret'), token)).toBeNull();
    expect(verifyStreamToken(key, token, new Date(expiresAt.getTime() + 1000))).toBeNull();
    expect(token).toMatch(/\.p\.16$/);
    // Another lesson under the same signature, or a preview turned into a user's lesson grant.
    expect(verifyStreamToken(key, token.replace(/\.p\.16$/, '.p.17'))).toBeNull();
    const lesson = createStreamToken(key, { kind: 'lesson', lessonId: 42, userId, expiresAt });
    expect(verifyStreamToken(key, lesson.replace('.l.', '.c.'))).toBeNull();
    expect(verifyStreamToken(key, `${token}.${'A'.repeat(22)}`)).toBeNull();
  });
});
