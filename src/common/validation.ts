import { ValidationError, ValidationPipe } from '@nestjs/common';
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

/** Whitelisting, unknown fields refused, no silent type coercion of bodies. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
  });
}
