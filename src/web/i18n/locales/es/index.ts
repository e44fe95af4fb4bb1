import backOffice from './es-back-office';
import core from './es-core';

/**
 * Every Spanish namespace: one per feature, so features add keys without touching each
 * other's files. Spanish is the reference catalogue: the others must have the same keys.
 * The app loads it in two parts (core, back office); this whole is the type of a catalogue.
 */
const es = { ...core, ...backOffice };

export default es;
