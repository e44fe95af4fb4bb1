import { and, asc, eq, isNull, ne, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartItems, courses } from '../../db/schema';
import { displayedImageUrl } from '../catalog';
import { holdsCourse } from './enrollments';

/**
 * The user's cart as it can be bought: courses still active, not already owned and not
 * the user's own. Prices come from the courses table at the time of reading. A course
 * disabled (or bought elsewhere) after it was added drops out of the cart.
 */
export async function buyableCartLines(db: Database, userId: string) {
  return db
    .select({
      courseId: courses.id,
      title: courses.title,
      imageUrl: displayedImageUrl,
      description: courses.description,
      teacherName: courses.teacherName,
      priceCents: courses.priceCents,
      sellerId: courses.ownerId,
      addedAt: cartItems.createdAt,
    })
    .from(cartItems)
    .innerJoin(courses, eq(courses.id, cartItems.courseId))
    .where(
      and(
        eq(cartItems.userId, userId),
        isNull(courses.disabledAt),
        ne(courses.ownerId, userId),
        not(holdsCourse(userId, cartItems.courseId)),
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(courses.id));
}
