/**
 * Column shapes every migration uses: ids and references are 36-character UUID strings, times are
 * ISO-8601 strings (32 characters), and logs and ledgers keep an auto-incrementing `seq` as their
 * order. Changing one changes what later migrations create, never what earlier ones did: the
 * databases that ran them keep their columns.
 */
export const id = { name: 'id', type: 'varchar', length: '36', isPrimary: true };
export const ref = (name: string, isNullable = false) => ({
  name,
  type: 'varchar',
  length: '36',
  isNullable,
});
export const time = (name: string, isNullable = false) => ({
  name,
  type: 'varchar',
  length: '32',
  isNullable,
});
export const seq = {
  name: 'seq',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment' as const,
};
