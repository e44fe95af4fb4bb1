import { apiFeature } from '../../feature';
import { contactRoutes } from './routes';

/** The contact form. */
export const contactFeature = apiFeature(contactRoutes);
