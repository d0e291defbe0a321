import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { createRng, Dice, DiceLimits, newSeed, RNG_ID } from '../core/random';

/** A Dice ready to roll, with the seed and generator that will reproduce it. */
export interface SeededDice {
  seed: string;
  rng: string;
  dice: Dice;
}

/** Where the API turns an optional client seed into dice, under the configured limits. */
@Injectable()
export class RandomService {
  readonly limits: DiceLimits;

  constructor(config: AppConfig) {
    this.limits = {
      maxDicePerRoll: config.MAX_DICE_PER_ROLL,
      maxDicePerRequest: config.MAX_DICE_PER_REQUEST,
    };
  }

  /** Dice for a new roll; `budget` is shared by every roll of one request. */
  start(seed: string | undefined, budget?: { used: number }): SeededDice {
    const chosen = seed ?? newSeed();
    return { seed: chosen, rng: RNG_ID, dice: new Dice(createRng(chosen), this.limits, budget) };
  }

  /** Dice that repeat a stored roll exactly (no request budget: a replay is one roll). */
  replay(seed: string, rng: string): Dice {
    return new Dice(createRng(seed, rng), this.limits);
  }
}
