import { Image } from '@mantine/core';
import type { CSSProperties } from 'react';
import { drawnCoverIcon, ownPicture } from '../../../shared/covers';
import classes from './course-cover.module.css';

/** 0–359, spread by the golden angle so that consecutive ids get far-apart colours. */
export const coverHue = (id: number) => Math.round((id * 137.508) % 360);

/** Up to two initials of the title's first words of three characters or more ("¡Python desde cero!" → "PD"). */
export function titleInitials(title: string): string {
  const words = title
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word.length > 2);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

type CourseCoverProps = {
  course: { id: number; title: string; imageUrl: string | null };
  /** Load the picture when it scrolls near (below the fold), else at once and first. */
  lazy?: boolean;
  className?: string;
  /** Round corners, for a cover that stands alone (the course page). */
  rounded?: boolean;
};

/**
 * A course's cover: the teacher's picture or the frame its intro video gave (the server sends
 * either as `imageUrl`); without one, a cover drawn in CSS, coloured from the course's id, with
 * its category's icon (one small file per category, cached) and its initials. Decorative: the
 * title is next to it.
 */
export function CourseCover({ course, lazy = true, className, rounded = false }: CourseCoverProps) {
  const picture = ownPicture(course.imageUrl);
  if (picture) {
    return (
      <Image
        src={picture}
        fallbackSrc="/covers/default.svg"
        alt=""
        className={`${classes.cover} ${className ?? ''}`}
        loading={lazy ? 'lazy' : 'eager'}
        // The first row's covers are the page's largest paint: ahead of the app's code in the queue.
        fetchPriority={lazy ? 'auto' : 'high'}
        draggable={false}
      />
    );
  }
  return (
    <div className={`${classes.drawn} ${rounded ? classes.rounded : ''} ${className ?? ''}`} style={{ '--cover-hue': coverHue(course.id) } as CSSProperties} data-cover="drawn">
      <img src={drawnCoverIcon(course.imageUrl)} alt="" className={classes.icon} draggable={false} width={240} height={240} />
      <span className={classes.initials} aria-hidden="true">
        {titleInitials(course.title)}
      </span>
    </div>
  );
}
