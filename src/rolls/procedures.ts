import { Injectable } from '@nestjs/common';
import { Dice } from '../core/random';
import { Problem } from '../common/problem';

/**
 * A named random procedure of the rules core. Every roll in the log names one, so that replay can
 * run the same function on the stored inputs and seed. Names are stable forever (`check.pool`,
 * `wealth.purchase`); a changed algorithm gets a new rng version, not a new name.
 */
export interface Procedure<I = never, O = unknown> {
  readonly name: string;
  run(input: I, dice: Dice): O;
}

@Injectable()
export class ProcedureRegistry {
  private readonly procedures = new Map<string, Procedure<never, unknown>>();

  register(...procedures: Procedure<never, unknown>[]): void {
    for (const procedure of procedures) this.procedures.set(procedure.name, procedure);
  }

  get(name: string): Procedure<never, unknown> {
    const procedure = this.procedures.get(name);
    if (!procedure) throw new Problem('UNPROCESSABLE', `No procedure is called "${name}".`);
    return procedure;
  }
}
