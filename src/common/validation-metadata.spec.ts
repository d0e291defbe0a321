import 'reflect-metadata';
import { IsInt, IsString, MetadataStorage, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import '../campaigns/campaign.dto';
import '../checks/check.inputs';
import '../treasure/treasure.inputs';
import '../wealth/wealth.inputs';
import { memoizeValidationMetadata } from './validation-metadata';
import { describedInputClasses } from './fast-validation';
import { createValidationPipe } from './validation';

/** A storage of its own, so the remembered answers can be compared with a plain one's. */
function storages() {
  const plain = new MetadataStorage();
  const memo = new MetadataStorage();
  memoizeValidationMetadata(memo);
  return { plain, memo };
}

function rule(target: object, propertyName: string, name: string) {
  return {
    type: 'customValidation',
    name,
    target,
    propertyName,
    constraints: [],
    constraintCls: Object,
    validationTypeOptions: undefined,
    each: false,
  } as unknown as Parameters<MetadataStorage['addValidationMetadata']>[0];
}

describe('memoized class-validator metadata', () => {
  class Base {}
  class Child extends Base {}

  it('answers what class-validator answers, for a class and its subclass, with every option', () => {
    const { plain, memo } = storages();
    for (const storage of [plain, memo]) {
      storage.addValidationMetadata(rule(Base, 'a', 'isInt'));
      storage.addValidationMetadata(rule(Child, 'b', 'isString'));
    }
    for (const target of [Base, Child]) {
      for (const always of [false, true]) {
        const expected = plain.getTargetValidationMetadatas(target, '', always, false);
        expect(memo.getTargetValidationMetadatas(target, '', always, false)).toEqual(expected);
        // Asked again: the same rules, from memory.
        expect(memo.getTargetValidationMetadatas(target, '', always, false)).toEqual(expected);
      }
    }
    expect(memo.getTargetValidationMetadatas(Child, '', false, false).map((m) => m.propertyName)).toEqual([
      'b',
      'a',
    ]);
  });

  it('forgets when a rule is added after the class was asked for (a late or mapped class)', () => {
    const { memo } = storages();
    memo.addValidationMetadata(rule(Base, 'a', 'isInt'));
    expect(memo.getTargetValidationMetadatas(Child, '', false, false)).toHaveLength(1);
    memo.addValidationMetadata(rule(Base, 'c', 'isInt'));
    expect(memo.getTargetValidationMetadatas(Child, '', false, false).map((m) => m.propertyName)).toEqual([
      'a',
      'c',
    ]);
  });

  it('hands out answers no caller can change', () => {
    const { memo } = storages();
    memo.addValidationMetadata(rule(Base, 'a', 'isInt'));
    const rules = memo.getTargetValidationMetadatas(Base, '', false, false);
    expect(() => rules.push(rule(Base, 'x', 'isInt'))).toThrow(TypeError);
    expect(memo.getTargetValidationMetadatas(Base, '', false, false)).toHaveLength(1);
  });

  it('leaves calls with validation groups to class-validator', () => {
    const { plain, memo } = storages();
    for (const storage of [plain, memo]) {
      storage.addValidationMetadata({ ...rule(Base, 'a', 'isInt'), groups: ['g'] } as never);
      storage.addValidationMetadata(rule(Base, 'b', 'isInt'));
    }
    expect(memo.getTargetValidationMetadatas(Base, '', false, true, ['g'])).toEqual(
      plain.getTargetValidationMetadatas(Base, '', false, true, ['g']),
    );
  });

  it("the application's pipe still refuses and accepts nested inputs as before", async () => {
    class Inner {
      @IsInt()
      n!: number;
    }
    class Outer {
      @IsString()
      name!: string;
      @ValidateNested({ each: true })
      @Type(() => Inner)
      items!: Inner[];
    }
    const pipe = createValidationPipe({ fastPath: false });
    const ok = (await pipe.transform(
      { name: 'x', items: [{ n: 1 }] },
      { type: 'body', metatype: Outer },
    )) as Outer;
    expect(ok.items[0]).toBeInstanceOf(Inner);
    await expect(
      pipe.transform({ name: 'x', items: [{ n: 'one' }] }, { type: 'body', metatype: Outer }),
    ).rejects.toMatchObject({
      errors: [{ field: 'items[0].n', message: 'items[0].n must be a whole number' }],
    });
    await expect(
      pipe.transform({ name: 'x', items: [{ n: 1, extra: 2 }] }, { type: 'body', metatype: Outer }),
    ).rejects.toMatchObject({ errors: [{ field: 'items[0].extra' }] });
  });

  it('every input class of the application gets the same rules from memory as from class-validator', () => {
    createValidationPipe();
    const classes = describedInputClasses();
    expect(classes.length).toBeGreaterThan(20);
    const plain = MetadataStorage.prototype.getTargetValidationMetadatas;
    const { getMetadataStorage } = jest.requireActual<typeof import('class-validator')>('class-validator');
    const storage = getMetadataStorage();
    for (const target of classes) {
      const remembered = storage.getTargetValidationMetadatas(target, '', true, false);
      expect(remembered).toEqual(plain.call(storage, target, '', true, false));
    }
  });
});
