import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';

describe('player settings', () => {
  const ctx = useTestApp();
  const url = '/api/users/me/player-settings';

  it('answers the defaults until saved, then what was saved', async () => {
    const user = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url, headers: as(user) })).json()).toEqual({ playbackRate: 1, captionLanguage: null });
    const saved = await ctx.app.inject({ method: 'PUT', url, headers: as(user), payload: { playbackRate: 1.5, captionLanguage: 'en' } });
    expect(saved.json()).toEqual({ playbackRate: 1.5, captionLanguage: 'en' });
    await ctx.app.inject({ method: 'PUT', url, headers: as(user), payload: { playbackRate: 0.75, captionLanguage: 'off' } });
    expect((await ctx.app.inject({ url, headers: as(user) })).json()).toEqual({ playbackRate: 0.75, captionLanguage: 'off' });
    // Each learner's own.
    expect((await ctx.app.inject({ url, headers: as(await signedInUser(ctx.app)) })).json()).toEqual({ playbackRate: 1, captionLanguage: null });
  });

  it('refuses a speed not offered, and callers not signed in', async () => {
    const user = await signedInUser(ctx.app);
    for (const playbackRate of [1.1, 3, 0]) {
      expect((await ctx.app.inject({ method: 'PUT', url, headers: as(user), payload: { playbackRate, captionLanguage: null } })).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'PUT', url, headers: as(user), payload: { playbackRate: 1, captionLanguage: 'fr' } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });
});
