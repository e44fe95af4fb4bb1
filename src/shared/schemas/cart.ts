import { z } from 'zod';
import { cartCouponSchema } from './coupons';

/** The cart: one per user, kept on the server. Prices are integer US cents. */

export const addToCartBody = z.object({ courseId: z.number().int().positive().max(2_147_483_647) });
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const cartItemSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  teacherName: z.string(),
  /** The course's price, then what the cart's coupon takes off it (0 when it does not cover it), and the price to pay. */
  listPriceCents: z.number().int(),
  discountCents: z.number().int(),
  priceCents: z.number().int(),
  addedAt: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z
  .object({
    items: z.array(cartItemSchema),
    /** Sum of the list prices, of the discounts, and what checkout will charge (list − discount). */
    listTotalCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    /** The code applied to the cart (typed in, or kept from a `?cupon=` link), or none. */
    coupon: cartCouponSchema.nullable(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;
