import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { fastValidator } from './fast-validation';
import { FieldError, Problem } from './problem';

/** Flattens class-validator's tree into `errors[]` entries with dotted paths (`first.pool`, `stats.2`). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    for (const [rule, message] of Object.entries(error.constraints ?? {})) {
      out.push({
        field,
        message:
          rule === 'whitelistValidation'
            ? `${field} is not a known field`
            : message.replace(error.property, field),
      });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/**
 * Nest's ValidationPipe with a compiled fast path: an input that passes its class's compiled schema
 * (see fast-validation.ts) becomes an instance directly; anything else, valid or not, takes the
 * class-validator path, which decides and words every refusal.
 */
export class ArbiterValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (
      metatype &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      this.toValidate(metadata)
    ) {
      const check = fastValidator(metatype as new () => unknown);
      if (check && check(value)) return Object.assign(new (metatype as new () => object)(), value);
    }
    return super.transform(value, metadata);
  }
}

/** Whitelisting, unknown fields refused, no silent type coercion of bodies. */
export function validationPipeOptions(): ValidationPipeOptions {
  return {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      const names = [...new Set(fields.map((f) => f.field))].join(', ');
      return new Problem('VALIDATION_FAILED', `Invalid or unknown fields: ${names}.`, fields);
    },
  };
}

export function createValidationPipe(): ValidationPipe {
  return new ArbiterValidationPipe(validationPipeOptions());
}
