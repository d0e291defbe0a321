import { invalid, optionalFlag, optionalWholeNumber, record } from '../checks/validate';
import type { Dice } from '../random';
import { COEAC_FAMILIES, COEAC_SPELLS, coeacSpell } from '../magic/coeac/spells';
import {
  MAX_SHEET_VALUE,
  drawByLot,
  HarmLog,
  optionalNames,
  sumDistribution,
  type FieldChange,
  type HarmStep,
} from './harm-steps';

export const EATEN_CUTS = ['meat', 'viscera', 'bones', 'heart', 'brain', 'rare-organ'] as const;

/** The rare organs (003:497–502), a d6 in this order (our reading: the seed numbers them 1–6). */
export const RARE_ORGANS: readonly { roll: number; id: string; effect: string }[] = [
  { roll: 1, id: 'eyes', effect: 'A special sense the monster had or that suits it (the referee names it).' },
  {
    roll: 2,
    id: 'spinal-cord',
    effect: 'One topic of knowledge that suits the monster (the referee names it).',
  },
  { roll: 3, id: 'tongue', effect: 'A language the monster knew, spoken natively and in its voice.' },
  { roll: 4, id: 'glands', effect: 'A random beneficial mutation tied to the monster.' },
  { roll: 5, id: 'teeth', effect: 'Made into a new weapon that attacks with +1d.' },
  { roll: 6, id: 'hide', effect: 'Made into a new armour or shield that Blocks 1 more.' },
];
export const RARE_ORGAN_IDS = RARE_ORGANS.map((o) => o.id);
export type EatenCut = (typeof EATEN_CUTS)[number];

/** Bones never raise max HP past this. */
export const BONES_MAX_HP_CAP = 20;

export interface CoeacEatingInput {
  cut: EatenCut;
  hp?: number | null;
  maxHp?: number | null;
  /** Meat or viscera kept for later instead of eaten: an even chance it keeps. */
  preserve?: boolean | null;
  skills?: string[] | null;
  saves?: string[] | null;
  /** Brain: the spells the monster knew (catalogue ids); one is learned by lot. */
  knownSpells?: string[] | null;
  /** Brain, when the monster knew none: a family thematically related; a spell of it by lot (d10). */
  family?: string | null;
  /** Rare organ: which one (else a d6 by the seed's order). */
  organ?: string | null;
}

export interface CoeacEatingOutcome {
  cut: EatenCut;
  /** Preserving only: whether it kept. */
  preserved: boolean | null;
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * The Monster Menu's eating effects (seed 003, "Sorcerous Implements and Materials"): meat eaten as
 * Rations within the hour heals 1d4 (or, kept, survives on an even chance: d6 4–6); viscera clear
 * afflictions (and keep the same way); bones give +1 max HP up to 20; a heart gives +1 to a Skill and
 * a Save chosen by lot.
 */
export function coeacEating(input: CoeacEatingInput, dice: Dice): CoeacEatingOutcome {
  const body = record(input, 'input');
  const cut = body.cut as EatenCut;
  if (!EATEN_CUTS.includes(cut)) throw invalid(`\`cut\` is one of: ${EATEN_CUTS.join(', ')}.`, 'cut');
  const maxHp = optionalWholeNumber(body.maxHp, 'maxHp', -1, 0, MAX_SHEET_VALUE);
  const hp = optionalWholeNumber(body.hp, 'hp', -1, 0, maxHp >= 0 ? maxHp : MAX_SHEET_VALUE);
  const preserve = optionalFlag(body.preserve, 'preserve');
  const skills = optionalNames(body.skills, 'skills');
  const saves = optionalNames(body.saves, 'saves');
  const log = new HarmLog();
  const start = dice.faces.length;
  let preserved: boolean | null = null;
  if (preserve) {
    if (cut !== 'meat' && cut !== 'viscera') throw invalid('Only meat and viscera can be kept.', 'preserve');
    const face = dice.pool(1, 6, 'cut')[0];
    preserved = face >= 4;
    log.step('preserve', `d6 ${face}: ${preserved ? 'keeps for later' : 'spoils'}`, [face], {
      keeps: 1 / 2,
      spoils: 1 / 2,
    });
  } else if (cut === 'meat') {
    if (hp < 0 || maxHp < 0)
      throw invalid('Eating meat heals: send `hp` and `maxHp`.', hp < 0 ? 'hp' : 'maxHp');
    const face = dice.pool(1, 4, 'cut')[0];
    const after = Math.min(maxHp, hp + face);
    log.step('meat', `1d4 = ${face}: HP ${hp} → ${after}`, [face], sumDistribution(1, 4));
    log.change('hp', after - hp, after);
  } else if (cut === 'viscera') {
    log.step('viscera', 'Every mundane or supernatural affliction is cleared.');
  } else if (cut === 'bones') {
    if (maxHp < 0) throw invalid('Bones raise max HP: send `maxHp`.', 'maxHp');
    const after = Math.min(BONES_MAX_HP_CAP, Math.max(maxHp, maxHp + 1));
    log.step(
      'bones',
      after > maxHp
        ? `Max HP ${maxHp} → ${after}`
        : `Max HP already at ${BONES_MAX_HP_CAP} or more: no change`,
    );
    log.change('maxHp', after - maxHp, after);
  } else if (cut === 'brain') {
    const known = optionalNames(body.knownSpells, 'knownSpells').map(
      (id, i) => coeacSpell(id, `knownSpells[${i}]`).id,
    );
    let pool: string[] = known;
    if (pool.length === 0) {
      if (body.family === undefined || body.family === null)
        throw invalid(
          'A brain teaches a spell: send the monster’s `knownSpells` or a `family`.',
          'knownSpells',
        );
      if (!COEAC_FAMILIES.includes(body.family as never))
        throw invalid(`\`family\` is one of: ${COEAC_FAMILIES.join(', ')}.`, 'family');
      pool = COEAC_SPELLS.filter((sp) => sp.family === body.family).map((sp) => sp.id);
    }
    const [{ item, roll, chance }] = drawByLot(dice, pool, 1, known.length ? 'knownSpells' : 'family');
    log.step(
      'brain',
      `Spell learned${pool.length > 1 ? ' by lot' : ''}: ${item}`,
      pool.length > 1 ? [roll] : [],
      {
        chosen: chance,
      },
    );
    log.change(`spell:${item}`, 1, null);
  } else if (cut === 'rare-organ') {
    let organ = RARE_ORGANS.find((o) => o.id === body.organ);
    if (body.organ !== undefined && body.organ !== null && !organ)
      throw invalid(`\`organ\` is one of: ${RARE_ORGAN_IDS.join(', ')}.`, 'organ');
    if (!organ) {
      const face = dice.pool(1, 6, 'organ')[0];
      organ = RARE_ORGANS[face - 1];
      log.step('organ', `d6 ${face}: ${organ.id}`, [face], { each: 1 / 6 });
    }
    log.step(organ.id, organ.effect);
    log.change(`organ:${organ.id}`, 1, null);
  } else {
    for (const [kind, list] of [
      ['skill', skills],
      ['save', saves],
    ] as const) {
      if (list.length === 0) {
        log.step('lot', `Send the sheet’s ${kind}s to draw one by lot.`);
        continue;
      }
      const [{ item, roll, chance }] = drawByLot(dice, list, 1, `${kind}s`);
      log.step('lot', `${kind === 'skill' ? 'Skill' : 'Save'} by lot: ${item} +1`, chance < 1 ? [roll] : [], {
        chosen: chance,
      });
      log.change(`${kind}:${item}`, 1, null);
    }
  }
  return { cut, preserved, faces: dice.faces.slice(start), steps: log.steps, changes: log.changes };
}
