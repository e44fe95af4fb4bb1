import { z } from 'zod';
import { limits } from '../limits';
import { emailField } from './auth';

/**
 * The contact form (spec sections 4 and 5), shared by the /contact page and `POST /api/contact`.
 * Messages are field-error keys (`validation.<name>`).
 */
export const contactMessageSchema = z.object({
  email: emailField.pipe(z.string().max(254, { message: 'validation.emailInvalid' })),
  name: z.string().trim().min(1, 'validation.nameRequired').max(100, 'validation.nameTooLong'),
  message: z
    .string()
    .trim()
    .min(1, { message: 'validation.messageRequired', abort: true })
    .min(limits.contactMessageMin, 'validation.messageLength')
    .max(limits.contactMessageMax, 'validation.messageLength'),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** A stored contact message as the admin's mailbox shows it. */
export const contactMessage = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessage>;
