import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import fc from 'fast-check';
import '../campaigns/campaign.dto';
import '../checks/check.inputs';
import '../combat/combat-actions.inputs';
import '../wealth/reference/wealth.inputs';
import '../wealth/wealth.inputs';
import '../magic/magic.inputs';
import { describedInputClasses, fastSchemaOf, fastValidator } from './fast-validation';
import { createValidationPipe } from './validation';

type Schema = Record<string, unknown>;
type Ctor = new () => unknown;

/** The application's pipe with the fast path turned off: class-validator decides everything. */
const slowPipe = createValidationPipe({ fastPath: false });
const fastPipe = createValidationPipe();

async function outcome(pipe: ValidationPipe, metatype: Ctor, value: unknown) {
  try {
    return { ok: true as const, value: await pipe.transform(value, { type: 'body', metatype }) };
  } catch (error) {
    return { ok: false as const, error };
  }
}

/** A free JSON object (`In.object`: a shape the service checks itself). */
const freeObject = fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string()), {
  maxKeys: 3,
});

/** Values near and beyond the edges of one field's schema, of the right type and of wrong ones. */
function valueFor(schema: Schema): fc.Arbitrary<unknown> {
  const wrong = fc.constantFrom<unknown>(null, '1', 1.5, true, [], {}, -1, 'x'.repeat(70));
  const mostly = (good: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: good, weight: 5 }, wrong);
  if (schema.enum) return mostly(fc.oneof(fc.constantFrom(...(schema.enum as unknown[])), fc.string()));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -50;
      const max = (schema.maximum as number | undefined) ?? min + 100;
      const near = fc.integer({ min: min - 2, max: Math.min(max + 2, min + 1_000_000) });
      const fraction = fc.double({ min: min - 2, max: max + 2, noNaN: true });
      return mostly(fc.oneof(near, near, fc.constantFrom(min, max, min - 1, max + 1), fraction));
    }
    case 'boolean':
      return mostly(fc.boolean());
    case 'string': {
      const maxLength = schema.maxLength as number;
      const text = fc.oneof(
        fc.string({ maxLength: maxLength + 2 }),
        fc.string({ unit: 'grapheme', maxLength: maxLength + 2 }),
        fc.constantFrom('', '\uFE0F', 'a\uFE0F', '1d6', 'd66', '2-in-6', '12d4', 'x'.repeat(maxLength)),
      );
      return mostly(text);
    }
    case 'array': {
      const items = valueFor(schema.items as Schema);
      const maxItems = schema.maxItems as number;
      return mostly(fc.array(items, { maxLength: Math.min(maxItems + 2, 12) }));
    }
    case 'object': {
      if (!schema.properties) return mostly(freeObject);
      // A nested input object: mostly valid (so whole bodies pass often enough), else edged fields,
      // a field missing or an unknown one.
      const properties = schema.properties as Record<string, Schema>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, field] of Object.entries(properties)) record[name] = valueFor(field);
      const inner = fc.record(record, { requiredKeys: schema.required as string[] });
      const extra = inner.map((o) => ({ ...(o as object), extra: 1 }));
      return mostly(
        fc.oneof(
          { arbitrary: goodValueFor(schema), weight: 8 },
          inner,
          extra,
          fc.record(record, { requiredKeys: [] }),
        ),
      );
    }
    default:
      throw new Error(`No generator for ${JSON.stringify(schema)}`);
  }
}

/** Values that meet a field's schema (a string with a pattern may still miss it). */
function goodValueFor(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -50;
      const max = (schema.maximum as number | undefined) ?? min + 100;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 1_000_000)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.classValidatorPattern !== undefined) return valueFor(schema);
      return fc.string({
        minLength: (schema.minLength as number | undefined) ?? 0,
        maxLength: schema.maxLength as number,
      });
    case 'array':
      return fc.array(goodValueFor(schema.items as Schema), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min(schema.maxItems as number, 5),
      });
    case 'object': {
      if (!schema.properties) return freeObject;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, field] of Object.entries(schema.properties as Record<string, Schema>))
        record[name] = goodValueFor(field);
      return fc.record(record, { requiredKeys: schema.required as string[] });
    }
    default:
      throw new Error(`No generator for ${JSON.stringify(schema)}`);
  }
}

/** Whole bodies: every field present or absent, sometimes an unknown field or a non-object. */
function bodyFor(schema: Schema): fc.Arbitrary<unknown> {
  const properties = schema.properties as Record<string, Schema>;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, field] of Object.entries(properties)) record[name] = valueFor(field);
  const required = schema.required as string[];
  const body = fc.oneof(
    { arbitrary: fc.record(record, { requiredKeys: required }), weight: 3 },
    fc.record(record, { requiredKeys: [] }),
  );
  const withExtra = fc
    .tuple(body, fc.string({ minLength: 1, maxLength: 6 }), fc.integer())
    .map(([b, key, v]) => ({ ...(b as object), [key]: v }));
  // Wide inputs (a channeling has a dozen fields) need some bodies valid field by field to pass at all.
  return fc.oneof(body, body, body, withExtra, goodValueFor(schema), fc.constantFrom<unknown>([], 'text', 7));
}

/** A body where every field is valid (to show the fast path does accept real inputs). */
const validBodyOf = (metatype: Ctor) => {
  const schema = fastSchemaOf(metatype) as Schema;
  return fc.sample(bodyFor(schema), { numRuns: 3000, seed: 7 }).filter((b) => fastValidator(metatype)?.(b));
};

const fastClasses = describedInputClasses().filter((c) => fastSchemaOf(c) !== null);

describe('compiled fast path of the validation pipe', () => {
  it('covers the flat inputs and leaves nested and transformed ones to class-validator', () => {
    const names = fastClasses.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['PoolCheckInput', 'CharacterPurchaseInput', 'CreateCampaignInput']),
    );
    const slow = describedInputClasses()
      .filter((c) => fastSchemaOf(c) === null)
      .map((c) => c.name);
    // Nested input objects whose classes are fast are fast too (VersusCheckInput), and so are lists
    // of them (WealthSettingsInput's lifestyles, a combat action's G&M situational modifiers);
    // query classes with @Type transforms (PoolOddsQuery) stay on class-validator.
    expect(names).toEqual(
      expect.arrayContaining([
        'VersusCheckInput',
        'ContestCheckInput',
        'CoeacCastInput',
        'CoeacChannelingInput',
        'WealthSettingsInput',
        'CombatActionInput',
        'GmCombatActionInput',
      ]),
    );
    expect(slow).toEqual(expect.arrayContaining(['PoolOddsQuery']));
    expect(slow).not.toContain('CombatActionInput');
  });

  it.each(fastClasses.map((c) => [c.name, c] as const))(
    '%s: whatever the fast path accepts, class-validator accepts, with an equal instance',
    async (_name, metatype) => {
      const schema = fastSchemaOf(metatype) as Schema;
      const check = fastValidator(metatype)!;
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(bodyFor(schema), async (body) => {
          const slow = await outcome(slowPipe, metatype, structuredClone(body));
          const fast = await outcome(fastPipe, metatype, structuredClone(body));
          // The pipe as a whole must answer exactly as class-validator does.
          expect(fast.ok).toBe(slow.ok);
          if (check(structuredClone(body))) {
            accepted += 1;
            expect(slow.ok).toBe(true);
          }
          if (fast.ok && slow.ok) {
            expect(fast.value).toBeInstanceOf(metatype);
            expect(fast.value).toEqual(slow.value);
          } else if (!fast.ok && !slow.ok) {
            expect(fast.error).toEqual(slow.error);
          }
        }),
        { numRuns: 400, seed: 20261121 },
      );
      expect(accepted).toBeGreaterThan(0);
    },
  );

  it('accepts real inputs without class-validator', () => {
    for (const metatype of fastClasses) expect(validBodyOf(metatype).length).toBeGreaterThan(0);
  });

  it('takes GraphQL input objects, which have no prototype, on the fast path', async () => {
    const PoolCheck = fastClasses.find((c) => c.name === 'PoolCheckInput')!;
    const input = Object.assign(Object.create(null) as object, { pool: 6, objective: 3 });
    expect(fastValidator(PoolCheck)!(input)).toBe(true);
    const made = await outcome(fastPipe, PoolCheck, input);
    expect(made.ok && made.value).toBeInstanceOf(PoolCheck);
  });

  it('leaves strings with variation selectors to class-validator, which counts them its own way', async () => {
    const PoolCheck = fastClasses.find((c) => c.name === 'PoolCheckInput')!;
    const body = { pool: 3, objective: 1, seed: 'a\uFE0F' };
    expect(fastValidator(PoolCheck)!(body)).toBe(false);
    expect((await outcome(fastPipe, PoolCheck, body)).ok).toBe(true);
  });
});
