/** The pictures shipped with the app (public/covers/<name>.svg): a category's, or the default. */
const stockCover = /^\/covers\/([a-z-]+)\.svg$/;

/** The course's own picture, or null when it has none but a stock one (then a cover is drawn). */
export function ownPicture(imageUrl: string | null): string | null {
  return imageUrl === null || stockCover.test(imageUrl) ? null : imageUrl;
}

/** The icon a drawn cover shows: its category's, from the stock picture's name, or the default. */
export function drawnCoverIcon(imageUrl: string | null): string {
  return `/covers/icons/${stockCover.exec(imageUrl ?? '')?.[1] ?? 'default'}.svg`;
}

/** The image a course's cover actually shows: its own picture, or the drawn cover's icon. */
export const shownCoverImage = (imageUrl: string | null): string => ownPicture(imageUrl) ?? drawnCoverIcon(imageUrl);
