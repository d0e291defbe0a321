import { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { Args } from '@nestjs/graphql';
import { createValidationPipe } from '../common/validation';

/*
 * A GraphQL input argument that may be left out. Written the obvious way,
 * `@Args('input', { type: () => X, nullable: true }) input: X | null`, TypeScript records `Object` as
 * the parameter's type (a union with null is not a class), so the global validation pipe would pass
 * the input through unchecked: GraphQL's own types held, but no bound or length of X did.
 * `@OptionalInput(X)` names the class to the pipe itself: null or absent is passed on as it came; anything else is
 * validated as X exactly as the REST body is.
 */

const pipe = createValidationPipe();

export class OptionalInputPipe implements PipeTransform {
  constructor(private readonly inputClass: Type<unknown>) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (value === null || value === undefined) return value;
    return pipe.transform(value, { ...{}, ...metadata, metatype: this.inputClass });
  }
}

/** `@OptionalInput(X) input: X | null`: the optional `input` argument, validated as X. */
export function OptionalInput(inputClass: Type<unknown>, description?: string): ParameterDecorator {
  return Args(
    'input',
    { type: () => inputClass, nullable: true, ...(description ? { description } : {}) },
    new OptionalInputPipe(inputClass),
  );
}
