import type { Catalogue } from '../../catalogue';
import backOffice from './en-back-office';
import core from './en-core';

/** Every English namespace; `satisfies` makes a key missing from English a type error. */
const en = { ...core, ...backOffice } satisfies Catalogue;

export default en;
