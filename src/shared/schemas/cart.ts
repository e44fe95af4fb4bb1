import { z } from 'zod';

/** The cart: one per user, kept on the server. Prices are integer US cents. */

export const addToCartBody = z.object({ courseId: z.number().int().positive().max(2_147_483_647) });
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const cartItemSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  teacherName: z.string(),
  priceCents: z.number().int(),
  addedAt: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({ items: z.array(cartItemSchema), totalCents: z.number().int() }).meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;
