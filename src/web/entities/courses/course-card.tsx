import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { CourseSummary } from '../../../shared/schemas/catalog';
import classes from './course-card.module.css';
import { CourseCover } from './course-cover';
import { usePriceLabel } from '../../lib/money';
import { FavouriteButton } from '../favourites/favourite-button';
import { StarRating } from '../../components/star-rating';

type CourseCardProps = {
  course: CourseSummary;
  signedIn: boolean;
  /** Where the card leads; the course page unless given (the player, from "Mis Cursos"). */
  to?: string;
  /** The card title's heading level, to fit the page's outline. */
  headingOrder?: 2 | 3 | 4;
  /** Lazy-load the cover when the card starts below the fold. */
  lazyImage?: boolean;
  /** Extra controls under the price (an add-to-cart button, say). */
  children?: ReactNode;
};

/**
 * A course as a card: cover, title, teacher, stars, price and the favourite heart (spec section 2).
 * Its layout and texts are plain elements styled by the card's own CSS (as Mantine's Stack, Group
 * and Text would draw them): a listing draws a dozen cards per page on the server, and each Mantine
 * component costs its props, styles and inline variables there and in hydration.
 */
export function CourseCard({ course, signedIn, to = paths.course(course.id), headingOrder = 3, lazyImage = true, children }: CourseCardProps) {
  const price = usePriceLabel();
  return (
    <Card withBorder padding="md" radius="md" className={classes.card} component="article">
      <Card.Section>
        <CourseCover course={course} lazy={lazyImage} />
      </Card.Section>
      <div className={classes.body}>
        <Title order={headingOrder} size="h4" className={classes.title}>
          <Link to={to} className={classes.titleLink} draggable={false}>
            {course.title}
          </Link>
        </Title>
        <p className={classes.teacher}>{course.teacherName}</p>
        <StarRating average={course.ratingAverage} count={course.ratingCount} withValue />
        <div className={classes.footer}>
          <p className={classes.price}>{price(course.priceCents)}</p>
          <FavouriteButton course={course} signedIn={signedIn} className={classes.above} />
        </div>
        {children ? <div className={classes.above}>{children}</div> : null}
      </div>
    </Card>
  );
}
