// No imports: the browser tests (e2e/) make their videos with these too.

/**
 * What a test video shows: ffmpeg's colour-bar test pattern (`testsrc2`, as the demo videos), or
 * a natural-looking picture (a Mandelbrot zoom with a camera's grain: smooth shades, fine detail, no flat areas).
 */
export type TestVideoPicture = 'pattern' | 'natural';

/** ffmpeg's lavfi source of a picture. */
export const testVideoSource = (picture: TestVideoPicture, { width, height, fps, seconds }: { width: number; height: number; fps: number; seconds: number }) =>
  picture === 'pattern'
    ? `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`
    : `mandelbrot=size=${width}x${height}:rate=${fps},trim=duration=${seconds},noise=alls=10:allf=t`;
