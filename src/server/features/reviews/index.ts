/** The reviews area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { reviewsFeature } from './feature';
export { courseReputation } from './reputation';
