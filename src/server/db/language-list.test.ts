import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helpers/database';
import { languageLocales, languages } from '../../shared/languages';
import { playbackRates } from '../../shared/limits';
import { captionFile, captionTrack } from '../../shared/schemas/captions';
import { playerSettings } from '../../shared/schemas/player-settings';

/** The values a migrated database's check constraint accepts: the quoted words (or numbers) of its `IN` list. */
async function checkedValues(name: string): Promise<string[]> {
  const { db } = await testDatabase();
  const result = (await db.execute(sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`)) as unknown as { rows: { definition: string }[] };
  const definition = result.rows[0]?.definition;
  if (!definition) throw new Error(`no check constraint ${name}`);
  // PostgreSQL writes `IN (...)` as `= ANY (ARRAY['es'::text, 'en'::text])` and a number list as `ARRAY[50, 75]`.
  return [...definition.matchAll(/'([^']*)'|\b(\d+)\b/g)].map((match) => match[1] ?? match[2]!);
}

describe('the one language list (src/shared/languages.ts)', () => {
  it("is the list the database's checks accept, as migrated: a language added without its migration fails here", async () => {
    expect(await checkedValues('users_language_known')).toEqual([...languages]);
    expect(await checkedValues('video_captions_language_known')).toEqual([...languages]);
    expect(await checkedValues('player_settings_caption_language_known')).toEqual([...languages, 'off']);
  });

  it('is the list of caption languages the API accepts and answers, and every language has its locale for dates and numbers', () => {
    expect(captionTrack.shape.language.options).toEqual([...languages]);
    expect(captionFile.shape.language.options).toEqual([...languages]);
    expect(playerSettings.shape.captionLanguage.unwrap().options).toEqual([...languages, 'off']);
    expect(Object.keys(languageLocales).sort()).toEqual([...languages].sort());
  });

  it("is beside the speeds the player offers, which the database's check accepts (in whole percent)", async () => {
    expect((await checkedValues('player_settings_rate_known')).map(Number)).toEqual(playbackRates.map((rate) => Math.round(rate * 100)));
  });
});
