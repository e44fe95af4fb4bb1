import { z } from 'zod';
import { playbackRates } from '../limits';
import { captionLanguages } from './captions';


/**
 * What a learner chose in the player, kept with their account: the speed, and the captions
 * (a language, `off`, or null while never chosen: then the interface language's track is the
 * one captions turn on with).
 */
export const playerSettings = z.object({
  playbackRate: z.number().refine((rate) => (playbackRates as readonly number[]).includes(rate), 'validation.playbackRate'),
  captionLanguage: z.enum([...captionLanguages, 'off']).nullable(),
});
export type PlayerSettings = z.infer<typeof playerSettings>;
