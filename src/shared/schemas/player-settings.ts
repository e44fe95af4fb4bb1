import { z } from 'zod';
import { playbackRates } from '../limits';
import { captionLanguages } from './captions';

/**
 * What a learner chose in the player, kept with their account: the speed, and the captions
 * (a language, `off`, or null while never chosen: then the interface language's track is the
 * one captions turn on with).
 */
export const playerSettings = z.object({
  // A list of values, not a refinement, so that the OpenAPI document names the seven speeds the server accepts.
  playbackRate: z.literal(playbackRates, { error: 'validation.playbackRate' }),
  captionLanguage: z.enum([...captionLanguages, 'off']).nullable(),
});
export type PlayerSettings = z.infer<typeof playerSettings>;
