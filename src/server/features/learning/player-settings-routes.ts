import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerSettingsEndpoints } from '../../../shared/endpoints/learning';
import { playbackRates } from '../../../shared/limits';
import type { PlayerSettings } from '../../../shared/schemas/player-settings';
import { signedInUser } from '../../auth/access';
import type { Database } from '../../db/client';
import { playerSettings } from '../../db/schema';
import { route } from '../../http/route';

/** What a learner who never chose gets: normal speed, and captions as the interface language says. */
const DEFAULTS: PlayerSettings = { playbackRate: 1, captionLanguage: null };

async function readSettings(db: Database, userId: string): Promise<PlayerSettings> {
  const [row] = await db.select().from(playerSettings).where(eq(playerSettings.userId, userId));
  // The column's check keeps it to the speeds offered; a stray value reads as normal speed.
  const playbackRate = playbackRates.find((rate) => Math.round(rate * 100) === row?.playbackRatePercent) ?? DEFAULTS.playbackRate;
  return row ? { playbackRate, captionLanguage: row.captionLanguage } : DEFAULTS;
}

/** The player's speed and captions, remembered per learner (the rate kept in whole percent: the speeds offered are quarters). */
export const playerSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, playerSettingsEndpoints.getPlayerSettings, async (request) => readSettings(db, signedInUser(request).id));

  route(app, playerSettingsEndpoints.updatePlayerSettings, async (request) => {
    const userId = signedInUser(request).id;
    const values = { playbackRatePercent: Math.round(request.body.playbackRate * 100), captionLanguage: request.body.captionLanguage };
    await db
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: { ...values, updatedAt: new Date() } });
    return readSettings(db, userId);
  });
};
