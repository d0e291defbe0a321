import type { RollEntity } from '../database/entities';

/**
 * What a receipt signs. The signature covers the RFC 8785 canonical JSON of one of these objects, so a
 * client rebuilds it from the roll it was given (plus the campaign id) and checks it offline against
 * the published key, or sends it to `POST /v1/receipts/verifications`.
 */
export interface RollDocument {
  campaignId: string;
  rollId: string;
  procedure: string;
  inputs: Record<string, unknown>;
  seed: string;
  rng: string;
  faces: number[];
  outcome: Record<string, unknown>;
  createdAt: string;
  [member: string]: unknown;
}

/** A sealed roll: the commitment stands in for everything it hides. */
export interface SealedRollDocument {
  campaignId: string;
  rollId: string;
  procedure: string;
  commitment: string | null;
  createdAt: string;
  [member: string]: unknown;
}

/** A stateless check: no campaign, no roll id, no time (the same request and seed sign the same). */
export interface CheckDocument {
  procedure: string;
  inputs: Record<string, unknown>;
  seed: string;
  rng: string;
  faces: number[];
  outcome: unknown;
  [member: string]: unknown;
}

type StoredRoll = Pick<
  RollEntity,
  | 'campaignId'
  | 'id'
  | 'procedure'
  | 'inputs'
  | 'seed'
  | 'rng'
  | 'faces'
  | 'outcome'
  | 'createdAt'
  | 'commitment'
>;

export function rollDocument(roll: StoredRoll): RollDocument {
  return {
    campaignId: roll.campaignId,
    rollId: roll.id,
    procedure: roll.procedure,
    inputs: roll.inputs,
    seed: roll.seed,
    rng: roll.rng,
    faces: roll.faces,
    outcome: roll.outcome,
    createdAt: roll.createdAt,
  };
}

export function sealedRollDocument(roll: StoredRoll): SealedRollDocument {
  return {
    campaignId: roll.campaignId,
    rollId: roll.id,
    procedure: roll.procedure,
    commitment: roll.commitment,
    createdAt: roll.createdAt,
  };
}
