import { apiFeature } from '../../http/feature';
import { contactRoutes } from './routes';

/** The contact form. */
export const contactFeature = apiFeature(contactRoutes);
