import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createResourceToken, deriveResourceUrlKey, verifyResourceToken } from '../curriculum';
import { createStreamToken, deriveVideoUrlKey, streamLinkPurposes, verifyStreamToken, type StreamSubject } from './signed-url';

describe('stream tokens', () => {
  const secret = 'a secret of the tests, long enough';
  const key = deriveVideoUrlKey(secret);
  const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
  const userId = randomUUID();
  const subjects: StreamSubject[] = [
    { kind: 'course-main', courseId: 123_456, userId },
    { kind: 'upload', videoId: randomUUID(), userId },
    { kind: 'lesson', lessonId: 98_765, userId },
    { kind: 'preview', lessonId: 42 },
  ];

  it.each(subjects)('gives back what it granted: %o', (subject) => {
    const token = createStreamToken(key, 'stream', { ...subject, expiresAt });
    expect(token).toMatch(/^[\w.-]+$/);
    expect(verifyStreamToken(key, 'stream', token)).toEqual({ ...subject, expiresAt });
  });

  it('refuses a token signed with another key, an expired one, and one whose grant was changed', () => {
    const token = createStreamToken(key, 'stream', { kind: 'preview', lessonId: 42, expiresAt });
    expect(verifyStreamToken(deriveVideoUrlKey('another secret'), 'stream', token)).toBeNull();
    expect(verifyStreamToken(key, 'stream', token, new Date(expiresAt.getTime() + 1000))).toBeNull();
    expect(token).toMatch(/\.p\.16$/);
    // Another lesson under the same signature, or a preview turned into a user's lesson grant.
    expect(verifyStreamToken(key, 'stream', token.replace(/\.p\.16$/, '.p.17'))).toBeNull();
    const lesson = createStreamToken(key, 'stream', { kind: 'lesson', lessonId: 42, userId, expiresAt });
    expect(verifyStreamToken(key, 'stream', lesson.replace('.l.', '.c.'))).toBeNull();
    expect(verifyStreamToken(key, 'stream', `${token}.${'A'.repeat(22)}`)).toBeNull();
  });

  it('grants one thing per link: a caption, HLS or MP4 link opens only what it was made for', () => {
    const grant = { kind: 'lesson' as const, lessonId: 7, userId, expiresAt };
    for (const madeFor of streamLinkPurposes) {
      const token = createStreamToken(key, madeFor, grant);
      for (const usedFor of streamLinkPurposes) expect(verifyStreamToken(key, usedFor, token), `${madeFor} link used for ${usedFor}`).toEqual(usedFor === madeFor ? grant : null);
    }
  });

  it('keeps resource (PDF) links and video links apart: neither opens the other', () => {
    const resourceKey = deriveResourceUrlKey(secret);
    const resource = createResourceToken(resourceKey, { lessonId: 7, userId, expiresAt });
    for (const purpose of streamLinkPurposes) {
      expect(verifyStreamToken(key, purpose, resource), purpose).toBeNull();
      expect(verifyResourceToken(resourceKey, createStreamToken(key, purpose, { kind: 'lesson', lessonId: 7, userId, expiresAt })), purpose).toBeNull();
    }
  });
});
