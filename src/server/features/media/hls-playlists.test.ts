import { describe, expect, it } from 'vitest';
import { SignedPlaylistCache, withSegmentUrls } from './hls-playlists';

describe('rendition playlists served from a bucket', () => {
  it('replaces each segment line, keeps the tags, and refuses an entry that is not a segment of ours', async () => {
    const playlist = '#EXTM3U\n#EXTINF:6.0,\nseg-000.ts\n#EXTINF:6.0,\nseg-001.ts\n#EXT-X-ENDLIST\n';
    await expect(withSegmentUrls(playlist, async (segment) => `https://bucket/${segment}?signed`)).resolves.toBe(
      '#EXTM3U\n#EXTINF:6.0,\nhttps://bucket/seg-000.ts?signed\n#EXTINF:6.0,\nhttps://bucket/seg-001.ts?signed\n#EXT-X-ENDLIST\n',
    );
    await expect(withSegmentUrls('#EXTM3U\nhttps://elsewhere/seg.ts\n', async (segment) => segment)).rejects.toThrow('unexpected playlist entry');
  });

  it('rewrites a playlist once for every viewer its URLs cover, and again once they would not last long enough', async () => {
    let now = 1_000_000;
    const cache = new SignedPlaylistCache(() => now);
    const signedFor: number[] = [];
    const rewrite = async (seconds: number) => {
      signedFor.push(seconds);
      return `signed for ${seconds} s`;
    };
    // Two viewers at once share one rewrite, signed past what the first needs so that later viewers share it too.
    const [first, second] = await Promise.all([cache.get('private hls/a/360p/index.m3u8', 3600, rewrite), cache.get('private hls/a/360p/index.m3u8', 3600, rewrite)]);
    expect(first).toBe(second);
    expect(signedFor).toEqual([3600 + 15 * 60]);
    // Ten minutes later, a viewer needing an hour is still covered.
    now += 10 * 60 * 1000;
    await cache.get('private hls/a/360p/index.m3u8', 3600, rewrite);
    expect(signedFor).toHaveLength(1);
    // Twenty minutes later, it is not: a new rewrite.
    now += 10 * 60 * 1000;
    await cache.get('private hls/a/360p/index.m3u8', 3600, rewrite);
    expect(signedFor).toHaveLength(2);
    // Another playlist, or the same one under other caching, has its own rewrite.
    await cache.get('public hls/a/360p/index.m3u8', 3600, rewrite);
    expect(signedFor).toHaveLength(3);
  });

  it('keeps no failed rewrite, and never signs for more than the 7 days SigV4 allows', async () => {
    const cache = new SignedPlaylistCache();
    await expect(cache.get('k', 60, async () => Promise.reject(new Error('bucket down')))).rejects.toThrow('bucket down');
    expect(cache.size).toBe(0);
    let signed = 0;
    await cache.get('k', 30 * 24 * 3600, async (seconds) => {
      signed = seconds;
      return 'ok';
    });
    expect(signed).toBe(7 * 24 * 3600);
  });

  it('stays within its bound of entries, forgetting the oldest', async () => {
    const cache = new SignedPlaylistCache();
    for (let index = 0; index < 300; index++) await cache.get(`key-${index}`, 60, async () => 'x');
    expect(cache.size).toBe(256);
  });
});
