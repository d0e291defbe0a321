import { RuleError } from '../../errors';

/*
 * COEAC's spell catalogue (seed 003, "Spell Families" and the eight family lists): the d8 family
 * table and the 80 spells, each with its sorcery skill, its channeling Objective (2–5), how long it
 * lasts, the saves it allows and the sub-rolls it calls for, as data. Every effect is written in
 * Arbiter's own words: the numbers and procedures are the seed's, the sentences are ours.
 */

export const COEAC_SORCERY_SKILLS = ['Produce', 'Reveal', 'Transform', 'Ruin'] as const;
export type CoeacSorcerySkill = (typeof COEAC_SORCERY_SKILLS)[number];

export const COEAC_FAMILIES = [
  'blood-magic',
  'diabolism',
  'hypercognition',
  'metacomposition',
  'naturecraft',
  'primal-speech',
  'psychomancy',
  'translocation',
] as const;
export type CoeacFamilyId = (typeof COEAC_FAMILIES)[number];

export interface CoeacFamily {
  /** Its face on the d8. */
  roll: number;
  id: CoeacFamilyId;
  name: string;
  /** The sorcery skills that serve the family best. */
  favouredSkills: CoeacSorcerySkill[];
}

/** The d8 family table. */
export const COEAC_FAMILY_TABLE: readonly CoeacFamily[] = [
  { roll: 1, id: 'blood-magic', name: 'Blood Magic', favouredSkills: ['Produce', 'Transform'] },
  { roll: 2, id: 'diabolism', name: 'Diabolism', favouredSkills: ['Ruin'] },
  { roll: 3, id: 'hypercognition', name: 'Hypercognition', favouredSkills: ['Reveal'] },
  { roll: 4, id: 'metacomposition', name: 'Metacomposition', favouredSkills: ['Produce', 'Transform'] },
  { roll: 5, id: 'naturecraft', name: 'Naturecraft', favouredSkills: ['Transform', 'Produce'] },
  { roll: 6, id: 'primal-speech', name: 'Primal Speech', favouredSkills: ['Transform', 'Produce'] },
  { roll: 7, id: 'psychomancy', name: 'Psychomancy', favouredSkills: ['Ruin', 'Produce'] },
  { roll: 8, id: 'translocation', name: 'Translocation', favouredSkills: ['Transform', 'Produce'] },
];

/**
 * How long a spell lasts. `round` (short) and `turn` (long) and the other units last one unit per
 * success of Potency; `instant` changes the world for good; `special` lasts until a condition the
 * effect names. A spell whose entry names no duration lasts a turn per success (the seed's default).
 */
export const COEAC_DURATION_UNITS = ['instant', 'round', 'turn', 'minute', 'hour', 'day', 'special'] as const;
export type CoeacDurationUnit = (typeof COEAC_DURATION_UNITS)[number];

export const COEAC_SAVE_EFFECTS = ['negates', 'half', 'resists', 'ends'] as const;
export type CoeacSaveEffect = (typeof COEAC_SAVE_EFFECTS)[number];

/** A save the spell allows or calls for. `objective: null` means Ob = the spell's Potency. */
export interface CoeacSpellSave {
  save: string;
  /** A fixed Ob, or null for Ob = Potency (the usual save against a spell). */
  objective: number | null;
  effect: CoeacSaveEffect;
  /** When it is rolled, in our words. */
  when: string;
}

/** A roll a spell calls for besides the channeling. */
export type CoeacSubRoll =
  | {
      kind: 'chance';
      id: string;
      label: string;
      /** x-in-`sides`; `inPotency` makes x the Potency (capped at `sides`). */
      sides: number;
      chances: number;
      inPotency: boolean;
    }
  | { kind: 'table'; id: string; label: string; sides: number; entries: string[] }
  | { kind: 'damage'; id: string; label: string; dice: number; dicePerPotency: number };

export interface CoeacSpell {
  id: string;
  name: string;
  family: CoeacFamilyId;
  /** Its place (1–10) in the family's list: the d10 of a random spell. */
  number: number;
  skill: CoeacSorcerySkill;
  /** Reversible spells channel through another skill when reversed (Celerity / Torpor). */
  reverseSkill: CoeacSorcerySkill | null;
  /** The channeling Objective: Potency below it is backlash. */
  objective: number;
  duration: CoeacDurationUnit;
  /** Whether something other than the duration grows with Potency (targets, area, damage, …). */
  scalesWithPotency: boolean;
  saves: CoeacSpellSave[];
  subRolls: CoeacSubRoll[];
  /** What zero successes do besides the mutation save, when the spell says so. */
  zeroSuccessRisk: string | null;
  /** What the spell does, in our words. */
  effect: string;
}

type Row = Omit<CoeacSpell, 'family' | 'number' | 'reverseSkill' | 'saves' | 'subRolls' | 'zeroSuccessRisk'> &
  Partial<Pick<CoeacSpell, 'reverseSkill' | 'saves' | 'subRolls' | 'zeroSuccessRisk'>>;

const vsPotency = (save: string, effect: CoeacSaveEffect, when = 'when the spell lands'): CoeacSpellSave => ({
  save,
  objective: null,
  effect,
  when,
});

const FAMILY_SPELLS: Record<CoeacFamilyId, Row[]> = {
  'blood-magic': [
    {
      id: 'death-mask',
      name: 'Death Mask',
      skill: 'Produce',
      objective: 2,
      duration: 'day',
      scalesWithPotency: false,
      subRolls: [
        {
          kind: 'chance',
          id: 'permanent',
          label: 'The mask never crumbles',
          sides: 6,
          chances: 1,
          inPotency: false,
        },
      ],
      effect:
        'Touch a corpse to lift its face away while the body crumbles to dust. Worn by you alone, the face lets you pass as its owner, in look and voice, to people (not beasts, spirits or constructs). It crumbles after a day per success, unless the 1-in-6 says it lasts for ever.',
    },
    {
      id: 'occult-consultation',
      name: 'Occult Consultation',
      skill: 'Reveal',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'A rite draws the ghosts lingering nearby to talk. Remains, a cherished belonging or a true name lets you call one particular shade. When the talk is done, you and your friends may follow the dead down into the Spirit Realm.',
    },
    {
      id: 'hekaphage',
      name: 'Hekaphage',
      skill: 'Ruin',
      objective: 3,
      duration: 'instant',
      scalesWithPotency: false,
      saves: [vsPotency('Channeling', 'negates', 'by the enchantment’s maker, with a channeling roll')],
      subRolls: [
        {
          kind: 'chance',
          id: 'manifests',
          label: 'The gorged creature takes bodily form (Level 2 + the eaten magic’s Ob)',
          sides: 2,
          chances: 1,
          inPotency: false,
        },
      ],
      effect:
        'Call a creature from beyond that devours one enchantment, curse or magical feature. After a strong meal there is an even chance it grows solid in this world, at Level 2 plus the Ob of what it ate.',
    },
    {
      id: 'wandering-eye',
      name: 'Wandering Eye',
      skill: 'Reveal',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Vigor', 'negates', 'when the dying eye curses someone')],
      effect:
        'One eye leaves its socket on tiny wings; shut the other to see what it sees. Letting it wither curses whoever it watches with blindness, ill luck or dread until the spell ends. A lost eye grows back in a day.',
    },
    {
      id: 'vitalize',
      name: 'Vitalize',
      skill: 'Produce',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      subRolls: [
        {
          kind: 'table',
          id: 'afterwards',
          label: 'When the spell ends, the object',
          sides: 3,
          entries: [
            'becomes an ordinary statue, picture or carving again',
            'falls apart into its raw stuff or a poisonous sludge',
            'stays alive and goes its own way',
          ],
        },
      ],
      effect:
        'A statue, carving or painting comes alive. Something that once lived is alive again for good; anything else, when the spell ends, meets one of three fates at random.',
    },
    {
      id: 'leech',
      name: 'Leech',
      skill: 'Transform',
      objective: 4,
      duration: 'instant',
      scalesWithPotency: true,
      saves: [vsPotency('Vigor', 'negates')],
      subRolls: [
        {
          kind: 'chance',
          id: 'marked',
          label: 'The recipient bears a dark mark for good',
          sides: 6,
          chances: 1,
          inPotency: false,
        },
        {
          kind: 'chance',
          id: 'doubled',
          label: 'The gift doubles (4d a point)',
          sides: 6,
          chances: 1,
          inPotency: false,
        },
        {
          kind: 'damage',
          id: 'restored',
          label: 'HP or years restored for one point given',
          dice: 2,
          dicePerPotency: 0,
        },
      ],
      effect:
        'By touch, move life from one person to another: the giver loses up to one HP or year of life per success, and the receiver gains 2d of the same for each point given. Two separate 1-in-6 chances: the receiver is marked by dark magic, or the gift doubles to 4d a point.',
    },
    {
      id: 'genoplasm',
      name: 'Genoplasm',
      skill: 'Transform',
      objective: 4,
      duration: 'instant',
      scalesWithPotency: true,
      subRolls: [
        {
          kind: 'chance',
          id: 'shape-trait',
          label: 'You choose one trait of the newborn creature',
          sides: 6,
          chances: 0,
          inPotency: true,
        },
      ],
      effect:
        'Your hands carry raw living chaos while you channel. A living creature touched mutates at random. A heap of fresh remains knits into a new creature, and a chance of Potency-in-6 (6-in-6 at most) lets you pick one of its traits. Dead matter touched, about one person’s bulk per success, rots into living sludge.',
    },
    {
      id: 'graft',
      name: 'Graft',
      skill: 'Transform',
      objective: 4,
      duration: 'hour',
      scalesWithPotency: false,
      saves: [vsPotency('Vigor', 'negates', 'only for an unwilling recipient')],
      effect:
        'Join anything you can hold to someone’s body; living tissue works as their own. It stays an hour per success, or for ever if the recipient gives up 2 HP for good.',
    },
    {
      id: 'zombify',
      name: 'Zombify',
      skill: 'Produce',
      objective: 5,
      duration: 'day',
      scalesWithPotency: true,
      subRolls: [
        {
          kind: 'table',
          id: 'when-it-ends',
          label: 'When the spell ends, the dead',
          sides: 4,
          entries: [
            'turn on their maker in fury',
            'stop moving and stay inert',
            'melt into a poisonous sludge',
            'stay with you as servants for good',
          ],
        },
      ],
      effect:
        'Raise eager, dim-witted corpses to serve you (3d, 6 HP each), as many as the Potency allows, for a day per success. When the magic fades, a d4 says what the dead do.',
    },
    {
      id: 'simulacrum',
      name: 'Simulacrum',
      skill: 'Produce',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'You split into two bodies and share your current HP between them as you like. Both act on their own but draw on one set of resources (class resources, spells held) for a turn per success. Then the body with fewer HP dissolves into clotted blood.',
    },
  ],
  diabolism: [
    {
      id: 'poltergeist',
      name: 'Poltergeist',
      skill: 'Produce',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'Unruly spirits haunt a place or thing: knocking, shifting small objects and generally making pests of themselves.',
    },
    {
      id: 'spectral-harvest',
      name: 'Spectral Harvest',
      skill: 'Reveal',
      objective: 2,
      duration: 'special',
      scalesWithPotency: false,
      saves: [
        { save: 'Discipline', objective: null, effect: 'negates', when: 'by a spirit that resists capture' },
      ],
      effect:
        'Gather the loose spirits of the place. You can talk with the ones you hold whenever you like, though they remember little of how they died. Demons trade for spirits, spirits work for their freedom, and their psychic charge can feed or change other spells.',
    },
    {
      id: 'black-speech',
      name: 'Black Speech',
      skill: 'Reveal',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates', 'by each listener when you chant aloud')],
      effect:
        'Talk with foul things and those who serve them: demons, the undead, spiteful spirits, crawling vermin. Chanting the dark words aloud leaves everyone else who hears them retching.',
    },
    {
      id: 'demonic-blessing',
      name: 'Demonic Blessing',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'A demon’s favour for a turn per success: you see in black and white through total darkness and fly, awkwardly, on leathery wings.',
    },
    {
      id: 'circle-of-protection',
      name: 'Circle of Protection',
      skill: 'Produce',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      saves: [
        {
          save: 'Discipline',
          objective: null,
          effect: 'resists',
          when: 'by a creature from beyond crossing the line',
        },
      ],
      effect:
        'A drawn circle shelters you and one more creature per success from beings of other dimensions. Or use it as a cage: a being trapped inside cannot touch the circle, but breaking the line frees it.',
    },
    {
      id: 'banish',
      name: 'Banish',
      skill: 'Ruin',
      objective: 4,
      duration: 'instant',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      zeroSuccessRisk: 'You are hurled into the creature’s home dimension instead of it.',
      effect:
        'Tear a being from another dimension out of this world and send it home. Knowing and using its particular weakness banishes it with no save.',
    },
    {
      id: 'cripple',
      name: 'Cripple',
      skill: 'Ruin',
      objective: 4,
      duration: 'round',
      scalesWithPotency: false,
      saves: [vsPotency('Vigor', 'negates', 'every round')],
      effect:
        'Crushing pain disables the victim for a round per success. Caught in prepared alchemical flasks, the pain becomes a drug demons crave.',
    },
    {
      id: 'summoning',
      name: 'Summoning',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      saves: [vsPotency('Discipline', 'negates', 'when you try to dominate it')],
      effect:
        'Bring a being from another dimension. A true name brings that very being under your control; otherwise name a kind of fiend. A creature of Level no higher than the Potency is yours to command; a stronger one must be bargained with and makes a Reaction Roll.',
    },
    {
      id: 'black-mark',
      name: 'Black Mark',
      skill: 'Ruin',
      objective: 5,
      duration: 'special',
      scalesWithPotency: false,
      effect:
        'Call a demon and bargain for the death of someone you name. Your sign appears on the victim, who feels it on their soul. Whatever else the price, the victim’s soul is part of it.',
    },
    {
      id: 'miasma',
      name: 'Miasma',
      skill: 'Ruin',
      objective: 5,
      duration: 'round',
      scalesWithPotency: false,
      saves: [
        vsPotency(
          'Vigor',
          'half',
          'at the start of each round in the gas (half damage, or resists the effect)',
        ),
      ],
      subRolls: [
        {
          kind: 'table',
          id: 'gas',
          label: 'The gas (or choose it by taking 3 HP of damage as you channel)',
          sides: 4,
          entries: [
            'Brimstone: anyone it touches dies in a burst of gore.',
            'Acid: 3d damage a round, objects included.',
            'Frost: 3d damage a round; the dead rise as hateful ice revenants.',
            'Chaos: whoever fails a Discipline save runs mad and attacks whoever is nearest.',
          ],
        },
        {
          kind: 'damage',
          id: 'gas-damage',
          label: 'Acid or frost damage each round',
          dice: 3,
          dicePerPotency: 0,
        },
      ],
      effect:
        'A heavy, poisonous cloud from the pit hangs for a round per success and sinks toward the ground. A d4 picks the gas; giving up 3 HP as you channel lets you pick it.',
    },
  ],
  hypercognition: [
    {
      id: 'conduit',
      name: 'Conduit',
      skill: 'Reveal',
      objective: 2,
      duration: 'hour',
      scalesWithPotency: false,
      saves: [
        vsPotency('Discipline', 'negates', 'when the sign is placed, and again for an unwilling relay'),
      ],
      effect:
        'Your sign marks a person or thing for an hour per success. Meditating shows you what surrounds it, and you may cast other spells through it.',
    },
    {
      id: 'telesthesia',
      name: 'Telesthesia',
      skill: 'Reveal',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'You and one willing creature per success speak mind to mind at any distance, sharing words, images, feelings and memories.',
    },
    {
      id: 'babel',
      name: 'Babel',
      skill: 'Reveal',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'Any hidden meaning opens to you: foreign tongues, ciphers, even the talk of storms and wolves. You can answer in the same way.',
    },
    {
      id: 'object-entanglement',
      name: 'Object Entanglement',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Tie together the movement and what befalls up to one portable object per success; all of them must be at hand when you cast.',
    },
    {
      id: 'bounty',
      name: 'Bounty',
      skill: 'Reveal',
      objective: 3,
      duration: 'instant',
      scalesWithPotency: false,
      effect:
        'Learn exactly which way and how far lies a being or thing you can picture, across wards and worlds. You may also learn who nearby would pay most for it and roughly where they are.',
    },
    {
      id: 'plasmic-inception',
      name: 'Plasmic Inception',
      skill: 'Produce',
      objective: 4,
      duration: 'special',
      scalesWithPotency: false,
      effect:
        'Plant a copy of a spell you hold in someone’s mind; they may channel it once before the next dawn, rolling their own channeling for its Potency.',
    },
    {
      id: 'plasmic-manipulation',
      name: 'Plasmic Manipulation',
      skill: 'Ruin',
      objective: 4,
      duration: 'instant',
      scalesWithPotency: true,
      saves: [vsPotency('Discipline', 'negates')],
      zeroSuccessRisk: 'The target may search your mind instead, with the same two choices.',
      effect:
        'Search a mind for the spells it holds, then either take one to channel once yourself or knock up to one held spell per success loose for the day.',
    },
    {
      id: 'hindsight',
      name: 'Hindsight',
      skill: 'Reveal',
      objective: 4,
      duration: 'special',
      scalesWithPotency: true,
      effect:
        'Your mind watches, unseen, one scene up to a century per success in the past (the referee may change the scale). You must stand where it happened or hold something that was there.',
    },
    {
      id: 'petition',
      name: 'Petition',
      skill: 'Reveal',
      objective: 5,
      duration: 'special',
      scalesWithPotency: true,
      effect:
        'Pass through a large mirror or still water to a wise being from beyond, who answers one question per success, helpfully if not always fully. A true name picks the being; otherwise the referee does.',
    },
    {
      id: 'spectral-body',
      name: 'Spectral Body',
      skill: 'Reveal',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [
        vsPotency('Discipline', 'negates', 'when you read someone’s surface thoughts'),
        {
          save: 'Discipline',
          objective: 4,
          effect: 'resists',
          when: 'by you, if you are away from your body when it ends',
        },
      ],
      effect:
        'Your mind leaves your body for the border of the Spirit Realm: it floats, slips through thin walls and sees in the dark, and reads the surface thoughts of anyone it overlaps. Be back before the end or pass an Ob 4 Discipline save, or stay a ghost for ever.',
    },
  ],
  metacomposition: [
    {
      id: 'spectral-disc',
      name: 'Spectral Disc',
      skill: 'Produce',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'A hard floating disc, three feet wide, follows you just above the ground carrying 100 pounds per success; ride it and it goes where you say.',
    },
    {
      id: 'spawn-homunculus',
      name: 'Spawn Homunculus',
      skill: 'Produce',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Mud, twigs or water become one foot-high golem per success, as clever and strong as small children. Mute and useless (and terrified) in a fight, but keen helpers otherwise.',
    },
    {
      id: 'spectral-lock',
      name: 'Spectral Lock / Spectral Knock',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [
        vsPotency('Vigor', 'resists', 'to force a sealed thing open'),
        vsPotency('Vigor', 'negates', 'when cast on a mouth, or by a person knocked'),
      ],
      effect:
        'Seal a door, lid, latch or window so only magic can open it, or seal someone’s mouth. Reversed, closed or stuck things burst open with a bang, and a person struck is winded or sick.',
    },
    {
      id: 'elemental-wall',
      name: 'Elemental Wall',
      skill: 'Produce',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      subRolls: [
        {
          kind: 'table',
          id: 'wall',
          label: 'The wall’s stuff (chosen instead at Potency 5 or more)',
          sides: 6,
          entries: ['fire', 'ice', 'steel', 'thorns', 'bone', 'mud'],
        },
      ],
      effect:
        'A thick wall rises, up to 100 square feet per success in any sensible shape, one edge on the ground. A d6 picks its stuff unless the Potency reached 5.',
    },
    {
      id: 'transmogrify-surface',
      name: 'Transmogrify Surface',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Change about 100 square feet of surface per success into your choice of smooth, rough, overgrown, slick or warm and furry; consume a material in the casting to copy its texture instead.',
    },
    {
      id: 'inertial-bonds',
      name: 'Inertial Bonds',
      skill: 'Ruin',
      objective: 4,
      duration: 'round',
      scalesWithPotency: true,
      saves: [vsPotency('Vigor or Agility', 'negates', 'when cast and at the start of each later round')],
      effect:
        'Fix up to one target per success within a few feet of where they stand for a round per success.',
    },
    {
      id: 'resize',
      name: 'Resize',
      skill: 'Transform',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      effect: 'Grow or shrink a person or a thing their size, or change its weight, by 10% per success.',
    },
    {
      id: 'spectral-fabrication',
      name: 'Spectral Fabrication',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      subRolls: [
        {
          kind: 'chance',
          id: 'evaporates',
          label: 'After real use, the object fades away',
          sides: 10,
          chances: 1,
          inPotency: false,
        },
      ],
      effect:
        'Make a ghostly copy of any plain object a skilled worker could make in a day; ghosts can handle it too. Each time it is put to serious use there is a 1-in-10 chance it fades away.',
    },
    {
      id: 'disintegrate',
      name: 'Disintegrate',
      skill: 'Ruin',
      objective: 5,
      duration: 'instant',
      scalesWithPotency: true,
      saves: [vsPotency('Vigor', 'half', 'by the creature struck; on a pass it cannot drop below 1 HP')],
      subRolls: [{ kind: 'damage', id: 'damage', label: 'Damage to a creature', dice: 7, dicePerPotency: 1 }],
      effect:
        'Unmaking energy strikes a foe for 7d damage plus 1d per success; one who passes its save takes half and keeps at least 1 HP. Or turn a cubic foot of ordinary matter per success to ash.',
    },
    {
      id: 'glyph',
      name: 'Glyph',
      skill: 'Produce',
      objective: 5,
      duration: 'day',
      scalesWithPotency: true,
      saves: [
        { save: 'Discipline', objective: null, effect: 'negates', when: 'against the stunning glyph' },
        {
          save: 'Agility',
          objective: null,
          effect: 'half',
          when: 'by the one who sets off the harmful glyph',
        },
        {
          save: 'Agility',
          objective: null,
          effect: 'negates',
          when: 'by those caught in a harmful glyph’s area',
        },
      ],
      subRolls: [
        { kind: 'damage', id: 'damage', label: 'A harmful glyph’s damage', dice: 5, dicePerPotency: 1 },
      ],
      effect:
        'Hide a faint sign on or inside something, set to go off when a condition you choose is met. It shrieks, stuns whoever sets it off (or everyone near), or deals 5d damage plus 1d per success. It lasts a day per success or until it goes off.',
    },
  ],
  naturecraft: [
    {
      id: 'living-gate',
      name: 'Living Gate',
      skill: 'Reveal',
      objective: 2,
      duration: 'special',
      scalesWithPotency: true,
      effect:
        'Your sign lives on a willing creature: you always know where it is. Each channeling lets you and one companion per success step out through the sign; the sign stays.',
    },
    {
      id: 'fog-cloud',
      name: 'Fog Cloud',
      skill: 'Produce',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'A thick fog fills a wide area; up to one creature per success that you pick sees through it as thin mist.',
    },
    {
      id: 'avatar-of-nature',
      name: 'Avatar of Nature',
      skill: 'Reveal',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Talk with any animal of land, air or water, and walk into one big tree and out of another you can see, once per success.',
    },
    {
      id: 'ravening',
      name: 'Ravening',
      skill: 'Ruin',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      subRolls: [
        {
          kind: 'table',
          id: 'afterwards',
          label: 'When the spell ends, the beasts',
          sides: 3,
          entries: [
            'shrink back and fall senseless',
            'stay twice their size for good',
            'keep growing into huge, hunger-mad monsters',
          ],
        },
      ],
      effect:
        'Up to one animal or vermin per success doubles in size and strength, starving: it will eat anything, flesh first. At the end a d3 says what becomes of them.',
    },
    {
      id: 'swarm',
      name: 'Swarm',
      skill: 'Produce',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'A swarm of rats, snakes, wasps, spiders or scorpions does your bidding: 1 damage a round in a fight with no save, HP equal to the Potency, and no harm from small weapons.',
    },
    {
      id: 'bloodlust',
      name: 'Bloodlust',
      skill: 'Transform',
      objective: 4,
      duration: 'round',
      scalesWithPotency: false,
      saves: [
        vsPotency('Discipline', 'negates'),
        {
          save: 'Vigor',
          objective: null,
          effect: 'resists',
          when: 'when it ends, or sleep an hour; zero successes brings lycanthropy',
        },
      ],
      effect:
        'The target’s inner beast wakes: claws and fangs (+1d to hit with them, +1 damage), and they must attack someone near every round or wreck their surroundings, for a round per success. Afterwards an Ob = Potency Vigor save keeps them awake; rolling no successes on it means lycanthropy.',
    },
    {
      id: 'calling',
      name: 'Calling',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'resists', 'by the particular creature named')],
      effect:
        'Call a nearby animal or vermin (nothing as clever as a person), of a kind or with traits you name, or the closest fit. It obeys your spoken orders gladly, short of acting against its nature.',
    },
    {
      id: 'carapace',
      name: 'Carapace',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'A creature you pick grows a hard natural shell that shrugs off the weather; spending the shell Blocks damage equal to the Potency.',
    },
    {
      id: 'totem',
      name: 'Totem',
      skill: 'Transform',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Vigor', 'negates')],
      effect:
        'Turn someone into the ordinary beast that best fits their inner hunter or hunted, as you choose; what they wear and carry merges into the new shape.',
    },
    {
      id: 'skinwalker',
      name: 'Skinwalker',
      skill: 'Transform',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'Take the shape of any beast whose innards you have eaten whole, raw and fresh; your gear does not change with you.',
    },
  ],
  'primal-speech': [
    {
      id: 'gleam',
      name: 'Gleam',
      skill: 'Reveal',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Call one small flying sun spirit per success; each lights the area around it like a torch and goes where you send it.',
    },
    {
      id: 'rockspeech',
      name: 'Rockspeech',
      skill: 'Transform',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: false,
      subRolls: [
        {
          kind: 'chance',
          id: 'earthquake',
          label: 'Hurrying the spirit sets off a strong earthquake',
          sides: 6,
          chances: 2,
          inPotency: false,
        },
      ],
      effect:
        'Wake the great spirit of a hill or crag, which follows simple orders, slowly. Hurrying it risks an earthquake (2-in-6). It sleeps again when the spell ends.',
    },
    {
      id: 'water-communion',
      name: 'Water Communion',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Water spirits fill your lungs: you and one ally per success need no air and swim like fish, and nearby water parts, rises or falls at your word.',
    },
    {
      id: 'cacophony-of-air',
      name: 'Cacophony of Air',
      skill: 'Produce',
      objective: 3,
      duration: 'round',
      scalesWithPotency: false,
      effect:
        'Unruly air spirits serve you for a round per success: they carry you or a willing creature through the air (no quiet talk or fine work meanwhile), or whirl around you, scattering gas, snuffing open flames and turning small missiles.',
    },
    {
      id: 'tunnelspeech',
      name: 'Tunnelspeech',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Spirits of deep earth obey you: open or shut a round hole in any underground surface at once, up to once per success.',
    },
    {
      id: 'direct-gravity',
      name: 'Direct Gravity',
      skill: 'Ruin',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'Gravity spirits in a small area (one melee group) pull the way you choose, shoving along a column up to five feet long per success.',
    },
    {
      id: 'flamespeech',
      name: 'Flamespeech',
      skill: 'Transform',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      saves: [vsPotency('Agility', 'half', 'by each creature caught in the blast')],
      subRolls: [{ kind: 'damage', id: 'blast', label: 'Blast damage', dice: 3, dicePerPotency: 1 }],
      effect:
        'Command nearby fire: grow it, shrink it, colour it, make or stop smoke. Or blow it up for 3d damage plus 1d per success to a melee group, which ends the spell.',
    },
    {
      id: 'phase-change',
      name: 'Phase Change',
      skill: 'Transform',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: true,
      saves: [vsPotency('Vigor', 'negates', 'by a living target')],
      effect:
        'Turn a person or thing, up to about one person’s mass per success, into gas, liquid or solid. Gas is light and holds together but cannot fly or push; liquid flows and barely mixes; solid is firm and heavy.',
    },
    {
      id: 'primordial-command',
      name: 'Primordial Command',
      skill: 'Transform',
      objective: 5,
      duration: 'instant',
      scalesWithPotency: false,
      saves: [vsPotency('Vigor', 'negates', 'by a living mass')],
      effect:
        'Give one mass of stone, ice, metal, wood or bone a one-word order (open, shatter, melt, mend…); its spirits carry it out at once if at all possible.',
    },
    {
      id: 'convention-of-storms',
      name: 'Convention of Storms',
      skill: 'Produce',
      objective: 5,
      duration: 'hour',
      scalesWithPotency: true,
      saves: [
        vsPotency('Vigor', 'negates', 'against being knocked back by the charged weapon'),
        vsPotency('Agility', 'half', 'against the released bolt'),
      ],
      subRolls: [
        { kind: 'damage', id: 'bolt', label: 'The released bolt’s damage', dice: 5, dicePerPotency: 1 },
      ],
      effect:
        'Gather or scatter storm spirits over a wide land, and catch a lightning bolt in a metal tool for an hour per success. Used in melee it adds +1 damage and may knock a person back; released, a line or burst of lightning deals 5d damage plus 1d per success.',
    },
  ],
  psychomancy: [
    {
      id: 'oneiromancy',
      name: 'Oneiromancy',
      skill: 'Ruin',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      effect:
        'Walk into a sleeper’s dreams: plant or wipe memories, thoughts and feelings, and glimpse their secret hopes and fears. Any dream can lead on to the Dreamlands.',
    },
    {
      id: 'mind-trap',
      name: 'Mind Trap',
      skill: 'Ruin',
      objective: 2,
      duration: 'special',
      scalesWithPotency: false,
      saves: [
        vsPotency('Discipline', 'negates', 'by whoever you try to possess'),
        {
          save: 'Discipline',
          objective: 3,
          effect: 'resists',
          when: 'by you, to get home if the borrowed body dies',
        },
      ],
      effect:
        'Move your mind into a trinket while your body sleeps, and try to take over whoever wears or touches it. If the stolen body dies, an Ob 3 Discipline save brings you home.',
    },
    {
      id: 'bewitch',
      name: 'Bewitch',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      effect:
        'Your words carry uncanny charm: a target who fails the save turns, for a while, trusting, smitten, hostile, rowdy, amorous or gloomy, as you choose.',
    },
    {
      id: 'dust-of-the-sandman',
      name: 'Dust of the Sandman',
      skill: 'Ruin',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      effect: 'Everyone in one melee group drops into a deep, ordinary sleep.',
    },
    {
      id: 'adrenaline-spike',
      name: 'Adrenaline Spike',
      skill: 'Ruin',
      objective: 3,
      duration: 'round',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      subRolls: [
        {
          kind: 'table',
          id: 'reaction',
          label: 'Each round the victim',
          sides: 3,
          entries: ['runs away', 'cowers', 'attacks someone nearby at random'],
        },
      ],
      zeroSuccessRisk: 'The attack turns on you instead.',
      effect:
        'A savage mental blow: for a round per success the victim flees, cowers or lashes out at random.',
    },
    {
      id: 'hypnosis',
      name: 'Hypnosis',
      skill: 'Reveal',
      objective: 4,
      duration: 'special',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      effect:
        'Hold someone with your gaze while you only talk: they stand calm and answer yes-or-no questions honestly. Harm, a loud noise or plain danger breaks it, and they recall it only dimly.',
    },
    {
      id: 'hologram',
      name: 'Hologram',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates', 'by each viewer, to see through it')],
      effect:
        'A lifelike silent image of a person, creature or thing, which you steer while you see it or set to repeat a routine. It has no sound, smell or substance, so touching or hearing it gives it away; it can add to a scene, never hide part of it.',
    },
    {
      id: 'shroud',
      name: 'Shroud',
      skill: 'Produce',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'You, a willing creature or a thing you touch slips from people’s notice and they act as if it were not there. Beasts are unaffected, and forcing someone to notice breaks it.',
    },
    {
      id: 'puppetry',
      name: 'Puppetry',
      skill: 'Ruin',
      objective: 5,
      duration: 'round',
      scalesWithPotency: false,
      saves: [vsPotency('Discipline', 'negates')],
      subRolls: [
        {
          kind: 'damage',
          id: 'struggle',
          label: 'Damage to a victim who fights back',
          dice: 2,
          dicePerPotency: 0,
        },
      ],
      effect:
        'Stand still and steer a nearby person’s body for a round per success. One who fights it moves jerkily (−1d to their actions) and takes 2d damage.',
    },
    {
      id: 'dread-manifestation',
      name: 'Dread Manifestation',
      skill: 'Ruin',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: false,
      subRolls: [
        {
          kind: 'table',
          id: 'when-it-ends',
          label: 'When the spell ends, the terror',
          sides: 4,
          entries: [
            'leaves a physical trace behind',
            'becomes a real creature in its own right',
            'vanishes in mist and breaking glass',
            'lingers as a mirror of other people’s fears',
          ],
        },
      ],
      effect:
        'Drag a deep terror out of a nearby mind and set it hunting its owner, who sees it as real; others see only a faint shade. A d4 decides what is left when it ends.',
    },
  ],
  translocation: [
    {
      id: 'recall-and-revisitation',
      name: 'Recall and Revisitation',
      skill: 'Produce',
      objective: 2,
      duration: 'instant',
      scalesWithPotency: true,
      effect:
        'Pull an item you marked with your sign into your hand, or jump with one companion per success you touch to a place marked with it. The sign must be drawn in sunlight.',
    },
    {
      id: 'spatial-coincidence',
      name: 'Spatial Coincidence',
      skill: 'Ruin',
      objective: 2,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'You and one willing companion per success can step inside a solid object, seeing dimly and unable to move, and come back out where you went in.',
    },
    {
      id: 'kinetic-freedom',
      name: 'Kinetic Freedom',
      skill: 'Transform',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [
        {
          save: 'Vigor',
          objective: 3,
          effect: 'negates',
          when: 'by the target when it ends, against minutes of paralysis',
        },
      ],
      effect:
        'The target moves freely through water, mud, brush or on ice, slips any bond and cannot be shoved or grabbed. When it ends, an Ob 3 Vigor save avoids a few minutes of paralysis.',
    },
    {
      id: 'mirror-road',
      name: 'Mirror Road',
      skill: 'Transform',
      objective: 3,
      duration: 'special',
      scalesWithPotency: false,
      effect:
        'Lead your party through the Mirrorlands: an hour there covers a day’s travel here. Roll encounters as for overland travel; anyone who loses you is lost for good.',
    },
    {
      id: 'portal',
      name: 'Portal',
      skill: 'Produce',
      objective: 3,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'With your sign on two doors, channeling joins them into one passage while it lasts. It breaks if a door opened from its marked side is shut again; the signs stay.',
    },
    {
      id: 'celerity-torpor',
      name: 'Celerity / Torpor',
      skill: 'Transform',
      reverseSkill: 'Ruin',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      saves: [
        {
          save: 'Vigor',
          objective: 3,
          effect: 'negates',
          when: 'by the target when it ends, against collapse or breaking',
        },
      ],
      effect:
        'What bears your sign moves twice as fast with +1d on physical tasks. Afterwards a creature may pass out or a thing may break (Ob 3 Vigor avoids it). Reversed through Ruin, it slows instead.',
    },
    {
      id: 'kaleidoscope',
      name: 'Kaleidoscope',
      skill: 'Transform',
      objective: 4,
      duration: 'turn',
      scalesWithPotency: false,
      effect:
        'Cut a room up to a large hall into pieces and turn them: each person or object rides its own piece. Bring any two pieces together and all the others spin off unpredictably.',
    },
    {
      id: 'wormhole',
      name: 'Wormhole',
      skill: 'Reveal',
      objective: 4,
      duration: 'special',
      scalesWithPotency: false,
      effect: 'While you stay still and focused, a person-wide tunnel joins two points you can clearly see.',
    },
    {
      id: 'dimensional-rift',
      name: 'Dimensional Rift',
      skill: 'Produce',
      objective: 5,
      duration: 'turn',
      scalesWithPotency: true,
      effect:
        'A sphere 100 yards wide (less 10 yards per success if you like, 10 at least) and all within it shift into another dimension. Those inside may step out there; at the end everything still inside crashes back.',
    },
    {
      id: 'time-skip',
      name: 'Time Skip',
      skill: 'Transform',
      objective: 5,
      duration: 'instant',
      scalesWithPotency: true,
      saves: [vsPotency('Discipline', 'negates', 'by an unwilling target')],
      effect: 'Throw yourself or someone you touch up to one minute per success into the future.',
    },
  ],
};

/** All 80 spells, family by family in d8 order, each family's list in d10 order. */
export const COEAC_SPELLS: readonly CoeacSpell[] = COEAC_FAMILY_TABLE.flatMap((family) =>
  FAMILY_SPELLS[family.id].map((row, index): CoeacSpell => ({
    id: row.id,
    name: row.name,
    family: family.id,
    number: index + 1,
    skill: row.skill,
    reverseSkill: row.reverseSkill ?? null,
    objective: row.objective,
    duration: row.duration,
    scalesWithPotency: row.scalesWithPotency,
    saves: row.saves ?? [],
    subRolls: row.subRolls ?? [],
    zeroSuccessRisk: row.zeroSuccessRisk ?? null,
    effect: row.effect,
  })),
);

const BY_ID = new Map(COEAC_SPELLS.map((s) => [s.id, s]));

/** One spell by id, or INVALID_INPUT naming `field`. */
export function coeacSpell(id: unknown, field = 'spell'): CoeacSpell {
  const spell = typeof id === 'string' ? BY_ID.get(id) : undefined;
  if (!spell)
    throw new RuleError(
      'INVALID_INPUT',
      `\`${field}\` names no COEAC spell (see GET /v1/magic/coeac/spells).`,
      field,
    );
  return spell;
}

export function findCoeacSpell(id: string): CoeacSpell | undefined {
  return BY_ID.get(id);
}

export function coeacFamily(id: unknown, field = 'family'): CoeacFamily {
  const family = COEAC_FAMILY_TABLE.find((f) => f.id === id);
  if (!family)
    throw new RuleError('INVALID_INPUT', `\`${field}\` is one of: ${COEAC_FAMILIES.join(', ')}.`, field);
  return family;
}

export interface CoeacSpellQuery {
  family?: string | null;
  skill?: string | null;
  objective?: number | null;
  q?: string | null;
}

/** The catalogue filtered: family, skill (either way of a reversible spell), Ob, and a text search. */
export function searchCoeacSpells(query: CoeacSpellQuery): CoeacSpell[] {
  const q = query.q?.trim().toLowerCase();
  return COEAC_SPELLS.filter(
    (s) =>
      (!query.family || s.family === query.family) &&
      (!query.skill || s.skill === query.skill || s.reverseSkill === query.skill) &&
      (query.objective === undefined || query.objective === null || s.objective === query.objective) &&
      (!q || s.name.toLowerCase().includes(q) || s.effect.toLowerCase().includes(q)),
  );
}
