import { CAIRN_SPELLS } from '../../treasure/spells';
import { invalid } from '../../checks/validate';

/**
 * What each of Cairn's 100 spells does (seed 004:163–262), in Arbiter's own words: the names come
 * from the treasure module's list (the d100 table), the numbers (feet, seconds, dice) from the seed,
 * the sentences are ours. Index = d100 face − 1.
 */
const EFFECTS: readonly string[] = [
  'Coats one object in a glue-like slime that holds fast to whatever touches it.',
  'Shoots a taut cable out from each of your arms; each end anchors to a point up to 50ft away.',
  'One object follows your orders as well as its shape lets it.',
  'For one day an animal either thinks like a person or looks like one (your pick).',
  'Conjures a flying eyeball that you steer and see through.',
  'Seals one object in an unbreakable crystal, stopped in time and place.',
  'Two chosen objects pull hard toward each other whenever they are within 10ft.',
  'Makes false noises that appear to arrive from whichever direction you pick.',
  'A creature can only speak your thoughts aloud, word for word, and says nothing else.',
  'Grows a plant from the ground that gives off the stink of rotting meat.',
  'You turn into an ordinary animal, and everything you carry changes with you.',
  'For as long as the spell lasts, a creature you pick cannot lay down new short-term memories.',
  'You and a touched creature trade bodies; should either body die, so does the other.',
  'A creature in your sight regards you as a friend.',
  'A target carries out one order of three words, as long as it is not self-harming.',
  'For a short time you speak and understand every language.',
  'A thick foam bursts from your hand and smothers the target.',
  'Plants and trees near you do as you say and can shuffle about slowly.',
  'You pick what kind of weather it is, though not how that weather behaves.',
  'A creature you touch regains 1d4 STR; this works once per day.',
  'Every creature close by goes deaf.',
  'Magical auras close by become visible or audible to you.',
  'You can take any part of your body off and put it back at will, painlessly, and still move it while apart.',
  'You reshape one character’s looks whenever you like, provided the result stays humanoid; copies of real people look slightly off.',
  'One object seems to sit up to 15ft away from where it really is.',
  'The ground heaves hard enough to crack or bring down buildings.',
  'Your body can stretch as far as 10ft.',
  'A wall of fire or of ice, 50ft long and 10ft tall, climbs out of the ground in a straight line.',
  'An item you can see jumps into your hands.',
  'A blazing bolt streaks into the sky, leaving a trail that shows everyone where you are.',
  'Thick fog rolls out around you.',
  'A creature nearby bursts into a violent rage.',
  'Opens a doorway to a plane picked at random.',
  'You choose which way gravity pulls you, and only you.',
  'A creature is seized by the need to own one visible item that you pick.',
  'You move three times as fast.',
  'A creature comes to loathe some other creature, or a group, and wants it destroyed.',
  'Faint sounds come to you as clearly as speech.',
  'An object floats 2ft off the ground without friction, strong enough to carry one humanoid.',
  'A creature falls into a trance and honestly answers a single question of yours that takes yes or no.',
  'Ice spreads thickly over a surface you touch, out to 10ft around.',
  'Writing appears over an object you touch, naming whoever owns it, if anyone does.',
  'A hovering light goes wherever you tell it.',
  'Pick two objects no farther than 10ft apart: from then on nothing can part them by more than 10ft.',
  'A lock near you, ordinary or magical, opens with a loud noise.',
  'You make a single jump as high as 10ft.',
  'You can swim through the air that surrounds you.',
  'Every magical effect near you works at half strength.',
  'A solid, furnished cottage stands for 12 hours; you decide at will who may go in.',
  'Your pockets fill with marbles and fill up again every 30 seconds.',
  'A character takes on the looks and voice of another character you touch.',
  'A creature you touch shrinks until it is no bigger than a mouse.',
  'A false copy of you appears and does what you direct.',
  'A mirror becomes a door to any other mirror you looked into today.',
  'You grow one extra arm for a while.',
  'A sphere of darkness 50ft across, showing a night sky inside, appears in front of you.',
  'You become an inanimate object of your choice, no bigger than a grand piano and no smaller than an apple.',
  'Your body turns into a living jelly.',
  'A creature near you becomes unwilling to use violence.',
  'A creature nearby is struck with terror of an object you name.',
  'The ground gapes into a hole 10ft across and 10ft deep.',
  'A creature evolves at speed into what its species will someday become.',
  'Any object, however big, is pulled straight toward you or shoved straight away, with one man’s strength.',
  'A skeleton climbs out of the earth as your servant; it is very dim and follows only simple orders.',
  'The spirit of a corpse nearby appears and answers 1 question.',
  'You hear what nearby creatures are thinking on the surface.',
  'Two chosen objects push hard away from each other whenever they are within 10ft.',
  'You look out through the eyes of any creature you have touched since the day began.',
  'Lifeless material can be shaped by hand as if it were clay.',
  'Name one kind of object (a key, gold, an arrow, a jug…); you feel where the closest one is.',
  'A creature you touch cannot be hurt by ordinary attacks for one minute.',
  'A touched creature cannot be seen until it moves.',
  'Two creatures in your sight swap places at once.',
  'A creature in your sight drops into a light sleep.',
  'Every surface within 30ft of you turns very slippery.',
  'Your body becomes a smoke that lives and obeys you.',
  'Your nose picks up even the weakest trace of a scent.',
  'Every ordinary light you can see goes out at once.',
  'Lifeless items arrange themselves into the groups you set.',
  'An obviously fake but striking illusion you pick takes shape and obeys you; it can be as large as a palace and moves and makes sound.',
  'A spinning blade flies out of your chest, cutting through any plants in its path; it hurts nothing else.',
  'You can climb walls and ceilings like a spider.',
  'Once each second you can call up or dismiss a cube of earth 3ft on a side; a new cube must touch the ground or another cube.',
  'You turn into a mass of crows, rats or piranhas (your pick), and only blast attacks can hurt you.',
  'With your mind you move 1 item lighter than 60lbs.',
  'Two creatures can listen in on one another’s thoughts, however far apart they are.',
  'An object or person in your sight moves to another spot within 50ft.',
  'Any spell cast nearby strikes an object you touch instead.',
  'Trees and dense undergrowth spring up at once in a tangle as wide as 50ft.',
  'A carved stone statue as big as a mule rises out of the ground.',
  'For 30 seconds time inside a 50ft bubble runs 10% slower or 10% faster.',
  'Every illusion near you is plain to you for what it is.',
  'A spring of seawater wells up.',
  'You decide everything a creature sees.',
  'A silent, motionless illusion you pick takes shape, as large as a room.',
  'A silver ring 50ft across is drawn on the floor or earth; one species you name cannot cross it.',
  'Thick webbing shoots from your wrists.',
  'A crude working version of a tool or item you draw appears, then vanishes after a short while.',
  'Your finger sprays an ulfire paint that only you can see, from any distance and through solid things.',
  'You see through walls, earth, clothing and the like.',
];

/** What a spell's effect is aimed at, for filtering: the caster, one creature, an object, an area. */
export interface CairnSpellEntry {
  /** The d100 face, 1 to 100. */
  number: number;
  /** A stable id: the name in kebab case (`push-pull`, `x-ray-vision`). */
  id: string;
  name: string;
  /** What it does, in our words. */
  effect: string;
  /** The only dice a spell names (Cure Wounds: 1d4 STR); null for the others. */
  dice: string | null;
}

export function spellId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const CAIRN_SPELL_BOOK: readonly CairnSpellEntry[] = CAIRN_SPELLS.map((name, i) => ({
  number: i + 1,
  id: spellId(name),
  name,
  effect: EFFECTS[i],
  dice: name === 'Cure Wounds' ? '1d4' : null,
}));

/** The spells whose name or effect contains `q` (case-insensitive), in d100 order. */
export function searchCairnSpells(q?: string | null): CairnSpellEntry[] {
  const term = (q ?? '').trim().toLowerCase();
  if (term === '') return [...CAIRN_SPELL_BOOK];
  return CAIRN_SPELL_BOOK.filter(
    (s) => s.name.toLowerCase().includes(term) || s.effect.toLowerCase().includes(term),
  );
}

/**
 * One spell by its d100 number ("45"), its id ("knock") or its name ("Knock", any case); null when
 * none matches.
 */
export function findCairnSpell(key: string | number): CairnSpellEntry | null {
  if (typeof key === 'number' || /^\d+$/.test(String(key).trim())) {
    const n = Number(key);
    return Number.isInteger(n) && n >= 1 && n <= 100 ? CAIRN_SPELL_BOOK[n - 1] : null;
  }
  const text = String(key).trim().toLowerCase();
  return CAIRN_SPELL_BOOK.find((s) => s.id === text || s.name.toLowerCase() === text) ?? null;
}

/** `findCairnSpell`, or INVALID_INPUT naming `field`. */
export function requireCairnSpell(key: unknown, field = 'spell'): CairnSpellEntry {
  if ((typeof key !== 'string' && typeof key !== 'number') || String(key).length > 64)
    throw invalid(`\`${field}\` is a Cairn spell: its number (1–100), id or name.`, field);
  const spell = findCairnSpell(key);
  if (!spell) throw invalid(`No Cairn spell is called or numbered "${String(key)}".`, field);
  return spell;
}
