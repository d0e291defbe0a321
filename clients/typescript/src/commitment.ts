import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The fields of a revealed secret roll that its commitment covers, plus its salt. */
export interface RevealedRoll {
  procedure: string;
  inputs?: unknown;
  seed?: string | null;
  rng?: string | null;
  faces?: unknown;
  outcome?: unknown;
  salt?: string | null;
  commitment?: string | null;
  /** `true` while the referee has not revealed the roll (the sealed stub). */
  sealed?: boolean;
}

/** What the commitment covers, all present. */
export interface CommittedFields {
  procedure: string;
  inputs: unknown;
  seed: string | null;
  rng: string | null;
  faces: unknown;
  outcome: unknown;
}

/**
 * The commitment of a roll as Arbiter computes it when it seals a secret roll: lowercase hex
 * SHA-256 of `salt + "." + JCS({ procedure, inputs, seed, rng, faces, outcome })`, JCS being the
 * RFC 8785 canonical JSON (the same function as `commitmentOf` in the server's `src/rolls/rolls.service.ts`).
 */
export function commitmentOf(salt: string, roll: CommittedFields): string {
  const record: CommittedFields = {
    procedure: roll.procedure,
    inputs: roll.inputs,
    seed: roll.seed,
    rng: roll.rng,
    faces: roll.faces,
    outcome: roll.outcome,
  };
  return createHash('sha256')
    .update(`${salt}.${canonicalize(record)}`, 'utf8')
    .digest('hex');
}

/**
 * Checks a revealed secret roll (`GET /v1/campaigns/{campaignId}/rolls/{rollId}` after the referee
 * revealed it) against its commitment. Pass `expected` when you kept the commitment from the sealed
 * stub seen before the reveal: a server that changed the commitment along with the roll is caught
 * only that way. False for a roll that is still sealed or carries no salt or commitment.
 */
export function verifyCommitment(roll: RevealedRoll, expected?: string): boolean {
  if (roll.sealed === true || !roll.salt || !roll.commitment) return false;
  if (expected !== undefined && expected.toLowerCase() !== roll.commitment.toLowerCase()) return false;
  const { procedure, inputs, seed, rng, faces, outcome } = roll;
  if ([inputs, seed, rng, faces, outcome].some((field) => field === undefined)) return false;
  const record = { procedure, inputs, seed: seed ?? null, rng: rng ?? null, faces, outcome };
  return commitmentOf(roll.salt, record) === roll.commitment.toLowerCase();
}
