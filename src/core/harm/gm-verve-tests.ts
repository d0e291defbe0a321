import { invalid, optionalFlag, record } from '../checks/validate';
import {
  GM_ABILITIES,
  GM_ARCHETYPES,
  GM_REACTIONS,
  type GmAbility,
  type GmArchetypeId,
  type GmReaction,
} from '../characters/gm-derivation';

/**
 * What caused a loss, in facts the server can check against the character's archetypes: the
 * reaction or ability the loss's roll was made against, the archetype whose action (or specialty) it
 * directly follows from, and whether it was taken in combat.
 */
export interface GmLossSource {
  /** The reaction the roll behind the loss was made against (test 1). */
  reaction?: string | null;
  /** The ability score (attribute) the roll behind the loss was made against (test 2). */
  attribute?: string | null;
  /** The archetype whose action or specialty the loss directly follows from (test 3). */
  action?: string | null;
  /** The loss was taken in combat (test 4: warriors). */
  combat?: boolean | null;
}

export interface GmVerveTestInput extends GmLossSource {
  /** The character's archetypes (ids; a multi-archetype character lists each). */
  archetypes: string[];
  /** A non-player character: it has no verve, so no loss is archetypal for it. */
  npc?: boolean | null;
}

export interface GmVerveTestOutcome {
  /** Whether verve may take the loss before survival. */
  archetypal: boolean;
  /** The first of the four tests (1–4) the loss meets, or null. */
  test: 1 | 2 | 3 | 4 | null;
  /** The archetype that makes it archetypal, or null. */
  archetype: GmArchetypeId | null;
  /** Why, in our words. */
  reason: string;
}

function oneOf<T extends string>(value: unknown, list: readonly T[], field: string): T | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !(list as readonly string[]).includes(value.toLowerCase()))
    throw invalid(`\`${field}\` is one of: ${list.join(', ')}.`, field);
  return value.toLowerCase() as T;
}

/**
 * The four tests of an archetypal loss (G&M, "Using verve", 001:575–583), decided from facts rather
 * than taken on the player's word. A loss is archetypal, and verve takes it before survival, when
 * (1) its roll was against one of the character's archetypal reactions, (2) its roll was against one
 * of its archetypal abilities, (3) it follows directly from an action (or specialty) of one of its
 * archetypes, or (4) the character is a warrior and took it in combat. The tests are tried in that
 * order and the first that holds is named. An NPC has no verve (001:629): never archetypal.
 */
export function gmVerveTest(spec: GmVerveTestInput, field = 'loss'): GmVerveTestOutcome {
  const input = record(spec, field);
  if (!Array.isArray(input.archetypes))
    throw invalid('`archetypes` lists the character’s archetypes.', 'archetypes');
  const archetypes = (input.archetypes as unknown[]).map((a, i) =>
    oneOf(a, Object.keys(GM_ARCHETYPES) as GmArchetypeId[], `archetypes[${i}]`),
  ) as GmArchetypeId[];
  const reaction = oneOf<GmReaction>(input.reaction, GM_REACTIONS, `${field}.reaction`);
  const ability = oneOf<GmAbility>(input.attribute, GM_ABILITIES, `${field}.attribute`);
  const action = oneOf<GmArchetypeId>(
    input.action,
    Object.keys(GM_ARCHETYPES) as GmArchetypeId[],
    `${field}.action`,
  );
  const combat = optionalFlag(input.combat, `${field}.combat`);
  const npc = optionalFlag(input.npc, 'npc');
  if (npc)
    return { archetypal: false, test: null, archetype: null, reason: 'A non-player character has no verve.' };
  const by = (pick: (id: GmArchetypeId) => boolean) => archetypes.find(pick) ?? null;
  const tests: Array<[1 | 2 | 3 | 4, GmArchetypeId | null, (a: GmArchetypeId) => string]> = [
    [
      1,
      reaction && by((a) => GM_ARCHETYPES[a].archetypalReaction === reaction),
      (a) => `The roll was against ${reaction}, the ${a}'s archetypal reaction.`,
    ],
    [
      2,
      ability && by((a) => GM_ARCHETYPES[a].archetypalAbility === ability),
      (a) => `The roll was against ${ability}, the ${a}'s archetypal ability.`,
    ],
    [3, action && by((a) => a === action), (a) => `The loss follows directly from a ${a}'s action.`],
    [4, combat ? by((a) => a === 'warrior') : null, () => 'A warrior losing survival in combat.'],
  ];
  for (const [test, archetype, why] of tests) {
    if (archetype) return { archetypal: true, test, archetype, reason: why(archetype) };
  }
  return {
    archetypal: false,
    test: null,
    archetype: null,
    reason: 'None of the four tests holds: survival takes the loss.',
  };
}

/**
 * The four tests against a stored G&M sheet: its archetypes are read from the sheet (`archetypes`,
 * a list of `{ archetype, level }`), so the caller sends only what caused the loss.
 */
export function gmSheetVerveTest(
  sheet: Record<string, unknown>,
  npc: boolean,
  loss: GmLossSource,
): GmVerveTestOutcome {
  const listed = Array.isArray(sheet.archetypes) ? (sheet.archetypes as unknown[]) : [];
  const archetypes = listed
    .map((a) => (a && typeof a === 'object' ? (a as Record<string, unknown>).archetype : null))
    .filter((a): a is string => typeof a === 'string' && a in GM_ARCHETYPES);
  return gmVerveTest({ ...{}, ...loss, archetypes, npc });
}
