import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '../../shared/limits';
import { numberFormat } from '../lib/intl-formats';
import classes from './star-rating.module.css';

/** Stars round to the nearest half (4.7 → 4½, 4.8 → 5): the picture matches the number beside it. */
export const toHalfStars = (average: number) => Math.round(average * 2) / 2;

/**
 * "4,7 de 5" / "4.7 of 5": an average with one decimal in the reader's language; a single
 * review's whole-number rating as it is ("4 de 5").
 */
function useRatingText() {
  const { t, i18n } = useTranslation();
  const oneDecimal = numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value: number, { whole = false }: { whole?: boolean } = {}) =>
    t('course.ratingOutOf', { rating: whole ? String(value) : oneDecimal.format(value) });
}

const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';
const FILLED = 'var(--mantine-color-yellow-filled)';
const EMPTY = 'var(--mantine-color-gray-3)';

/**
 * Five drawn stars, each full, half or empty (`data-fill`). Plain SVG rather than Mantine's
 * Rating input, which renders two radio inputs per star: the catalogue shows dozens of these, and
 * every node is work for the server's render and the browser's hydration.
 */
function Stars({ value, size }: { value: number; size: number }) {
  const halfFill = `half-star-${useId()}`;
  // 24-unit stars, 2 units apart.
  const viewWidth = 26 * limits.ratingMax - 2;
  return (
    <svg width={Math.round((size * viewWidth) / 24)} height={size} viewBox={`0 0 ${viewWidth} 24`} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={halfFill}>
          <stop offset="50%" stopColor={FILLED} />
          <stop offset="50%" stopColor={EMPTY} />
        </linearGradient>
      </defs>
      {Array.from({ length: limits.ratingMax }, (_, index) => {
        const fill = value >= index + 1 ? 'full' : value >= index + 0.5 ? 'half' : 'empty';
        return (
          <path
            key={index}
            d={STAR_PATH}
            transform={`translate(${index * 26} 0)`}
            data-fill={fill}
            fill={fill === 'full' ? FILLED : fill === 'half' ? `url(#${halfFill})` : EMPTY}
          />
        );
      })}
    </svg>
  );
}

type StarRatingProps = {
  /** The course's real average (or, with `whole`, one review's rating). */
  average: number;
  /** How many reviews the average is of: with none, the stars say "Sin reseñas", not "0,0 de 5". */
  count?: number;
  size?: number;
  /** One review's whole-number rating rather than an average. */
  whole?: boolean;
  /** Shows "4,7 de 5" beside the stars; otherwise the stars carry it as their accessible name. */
  withValue?: boolean;
};

/**
 * Five stars filled to the nearest half of the real average, read out as "4,7 de 5". The
 * catalogue's rating filter still counts whole numbers (floor of the average), as the spec says.
 * Plain elements styled as Mantine's Group and Text would draw them: every card of a listing has
 * one, and each Mantine component is work for the server's render and the browser's hydration.
 */
export function StarRating({ average, count, size = 16, whole = false, withValue = false }: StarRatingProps) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const text = count === 0 ? t('course.noReviews') : ratingText(average, { whole });
  const stars = <Stars value={toHalfStars(average)} size={size} />;
  if (!withValue) {
    return (
      <div className={classes.stars} role="img" aria-label={text}>
        {stars}
      </div>
    );
  }
  return (
    <div className={classes.withValue}>
      {stars}
      <p className={classes.value}>{text}</p>
    </div>
  );
}
