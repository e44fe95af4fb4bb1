import { Card, Group, Stack, Text, Title } from '@mantine/core';
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

/** A course as a card: cover, title, teacher, stars, price and the favourite heart (spec section 2). */
export function CourseCard({ course, signedIn, to = paths.course(course.id), headingOrder = 3, lazyImage = true, children }: CourseCardProps) {
  const price = usePriceLabel();
  return (
    <Card withBorder padding="md" radius="md" className={classes.card} component="article">
      <Card.Section>
        <CourseCover course={course} lazy={lazyImage} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={headingOrder} size="h4" className={classes.title}>
          <Link to={to} className={classes.titleLink} draggable={false}>
            {course.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {course.teacherName}
        </Text>
        <StarRating average={course.ratingAverage} count={course.ratingCount} withValue />
        <Group justify="space-between" align="center" mt="auto" wrap="nowrap">
          <Text fw={700} size="lg">
            {price(course.priceCents)}
          </Text>
          <FavouriteButton course={course} signedIn={signedIn} className={classes.above} />
        </Group>
        {children ? <div className={classes.above}>{children}</div> : null}
      </Stack>
    </Card>
  );
}
