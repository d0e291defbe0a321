/*
 * Magic rules core (SPEC 6.5). COEAC channeling and its catalogue live under `coeac/`; Cairn casting
 * under `cairn/`.
 */
export * from './coeac';
export * from './cairn';
