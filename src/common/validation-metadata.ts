import { getMetadataStorage, MetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/*
 * class-validator's `getTargetValidationMetadatas` walks every class it knows (an `instanceof` per
 * registered class, for inherited rules) each time it is asked for one class's rules, and it is
 * asked at least twice for every input that does not take the fast path (Nest's ValidationPipe looks
 * for binary values in nested properties, then class-validator validates), once more per nested
 * object. With a few hundred input classes that was the largest single cost of a campaign mutation
 * whose body holds a list (docs/benchmarks.md, stop 18). The rules of a class do not change once
 * its decorators have run, so the answer is remembered per class and options, and forgotten
 * whenever any rule is added (mapped types and late classes add theirs after start-up).
 * Calls with validation groups are not remembered (none here use them).
 */

const MEMOIZED = Symbol('arbiter:memoized-validation-metadata');

type Storage = MetadataStorage & { [MEMOIZED]?: true };

export function memoizeValidationMetadata(storage: Storage = getMetadataStorage() as Storage): void {
  if (storage[MEMOIZED]) return;
  storage[MEMOIZED] = true;
  const read = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let known = new Map<unknown, Map<string, ValidationMetadata[]>>();
  storage.addValidationMetadata = (metadata: ValidationMetadata) => {
    known = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (
    targetConstructor: () => void,
    targetSchema: string,
    always: boolean,
    strictGroups: boolean,
    groups?: string[],
  ): ValidationMetadata[] => {
    if (groups && groups.length > 0)
      return read(targetConstructor, targetSchema, always, strictGroups, groups);
    const key = `${String(targetSchema)}\n${String(always)}\n${String(strictGroups)}`;
    let byOptions = known.get(targetConstructor);
    if (!byOptions) {
      byOptions = new Map();
      known.set(targetConstructor, byOptions);
    }
    let rules = byOptions.get(key);
    if (!rules) {
      // Frozen: every caller shares it, so one that changed it would change the rules of the class.
      rules = Object.freeze(
        read(targetConstructor, targetSchema, always, strictGroups, groups),
      ) as ValidationMetadata[];
      byOptions.set(key, rules);
    }
    return rules;
  };
}
