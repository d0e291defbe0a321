import { COEAC_FAMILY_TABLE, COEAC_SPELLS, coeacSpell, searchCoeacSpells } from './spells';

/**
 * The 80 spell headers of seed 003 (003:568–709), name, skill and Ob exactly as printed there, family by
 * family in d8 order. The catalogue must match each one.
 */
const SEED_HEADERS = [
  'Death Mask (Produce Ob 2)',
  'Occult Consultation (Reveal Ob 2)',
  'Hekaphage (Ruin Ob 3)',
  'Wandering Eye (Reveal Ob 3)',
  'Vitalize (Produce Ob 3)',
  'Leech (Transform Ob 4)',
  'Genoplasm (Transform Ob 4)',
  'Graft (Transform Ob 4)',
  'Zombify (Produce Ob 5)',
  'Simulacrum (Produce Ob 5)',
  'Poltergeist (Produce Ob 2)',
  'Spectral Harvest (Reveal Ob 2)',
  'Black Speech (Reveal Ob 3)',
  'Demonic Blessing (Transform Ob 3)',
  'Circle of Protection (Produce Ob 3)',
  'Banish (Ruin Ob 4)',
  'Cripple (Ruin Ob 4)',
  'Summoning (Produce Ob 4)',
  'Black Mark (Ruin Ob 5)',
  'Miasma (Ruin Ob 5)',
  'Conduit (Reveal Ob 2)',
  'Telesthesia (Reveal Ob 2)',
  'Babel (Reveal Ob 3)',
  'Object Entanglement (Transform Ob 3)',
  'Bounty (Reveal Ob 3)',
  'Plasmic Inception (Produce Ob 4)',
  'Plasmic Manipulation (Ruin Ob 4)',
  'Hindsight (Reveal Ob 4)',
  'Petition (Reveal Ob 5)',
  'Spectral Body (Reveal Ob 5)',
  'Spectral Disc (Produce Ob 2)',
  'Spawn Homunculus (Produce Ob 2)',
  'Spectral Lock / Spectral Knock (Transform Ob 3)',
  'Elemental Wall (Produce Ob 3)',
  'Transmogrify Surface (Transform Ob 3)',
  'Inertial Bonds (Ruin Ob 4)',
  'Resize (Transform Ob 4)',
  'Spectral Fabrication (Produce Ob 4)',
  'Disintegrate (Ruin Ob 5)',
  'Glyph (Produce Ob 5)',
  'Living Gate (Reveal Ob 2)',
  'Fog Cloud (Produce Ob 2)',
  'Avatar of Nature (Reveal Ob 3)',
  'Ravening (Ruin Ob 3)',
  'Swarm (Produce Ob 3)',
  'Bloodlust (Transform Ob 4)',
  'Calling (Produce Ob 4)',
  'Carapace (Produce Ob 4)',
  'Totem (Transform Ob 5)',
  'Skinwalker (Transform Ob 5)',
  'Gleam (Reveal Ob 2)',
  'Rockspeech (Transform Ob 2)',
  'Water Communion (Transform Ob 3)',
  'Cacophony of Air (Produce Ob 3)',
  'Tunnelspeech (Transform Ob 3)',
  'Direct Gravity (Ruin Ob 4)',
  'Flamespeech (Transform Ob 4)',
  'Phase Change (Transform Ob 4)',
  'Primordial Command (Transform Ob 5)',
  'Convention of Storms (Produce Ob 5)',
  'Oneiromancy (Ruin Ob 2)',
  'Mind Trap (Ruin Ob 2)',
  'Bewitch (Transform Ob 3)',
  'Dust of the Sandman (Ruin Ob 3)',
  'Adrenaline Spike (Ruin Ob 3)',
  'Hypnosis (Reveal Ob 4)',
  'Hologram (Produce Ob 4)',
  'Shroud (Produce Ob 4)',
  'Puppetry (Ruin Ob 5)',
  'Dread Manifestation (Ruin Ob 5)',
  'Recall and Revisitation (Produce Ob 2)',
  'Spatial Coincidence (Ruin Ob 2)',
  'Kinetic Freedom (Transform Ob 3)',
  'Mirror Road (Transform Ob 3)',
  'Portal (Produce Ob 3)',
  'Celerity / Torpor (Transform/Ruin Ob 4)',
  'Kaleidoscope (Transform Ob 4)',
  'Wormhole (Reveal Ob 4)',
  'Dimensional Rift (Produce Ob 5)',
  'Time Skip (Transform Ob 5)',
];

describe('COEAC spell catalogue', () => {
  it('holds all 80 spells, with the skill and Ob of each seed line', () => {
    expect(COEAC_SPELLS).toHaveLength(80);
    expect(SEED_HEADERS).toHaveLength(80);
    COEAC_SPELLS.forEach((spell, i) => {
      const skills = spell.reverseSkill ? `${spell.skill}/${spell.reverseSkill}` : spell.skill;
      expect(`${spell.name} (${skills} Ob ${spell.objective})`).toBe(SEED_HEADERS[i]);
    });
  });

  it('follows the d8 family table and numbers each family 1–10', () => {
    expect(COEAC_FAMILY_TABLE.map((f) => f.name)).toEqual([
      'Blood Magic',
      'Diabolism',
      'Hypercognition',
      'Metacomposition',
      'Naturecraft',
      'Primal Speech',
      'Psychomancy',
      'Translocation',
    ]);
    for (const family of COEAC_FAMILY_TABLE) {
      const list = COEAC_SPELLS.filter((s) => s.family === family.id);
      expect(list.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // The seed's pattern in every family: spells 1–2 Ob 2, 3–5 Ob 3, 6–8 Ob 4, 9–10 Ob 5.
      expect(list.map((s) => s.objective)).toEqual([2, 2, 3, 3, 3, 4, 4, 4, 5, 5]);
    }
  });

  it('gives every spell a unique id and an effect in our words', () => {
    expect(new Set(COEAC_SPELLS.map((s) => s.id)).size).toBe(80);
    for (const spell of COEAC_SPELLS) {
      expect(spell.effect.length).toBeGreaterThan(40);
      expect(spell.effect).not.toMatch(/\[Success/);
    }
  });

  it('carries the per-spell sub-rolls as data', () => {
    const sub = (id: string) => coeacSpell(id).subRolls;
    expect(sub('zombify')).toEqual([expect.objectContaining({ kind: 'table', sides: 4 })]);
    expect(sub('miasma')[0]).toEqual(expect.objectContaining({ kind: 'table', sides: 4 }));
    expect(sub('miasma')[1]).toEqual(expect.objectContaining({ kind: 'damage', dice: 3, dicePerPotency: 0 }));
    expect(sub('disintegrate')).toEqual([
      expect.objectContaining({ kind: 'damage', dice: 7, dicePerPotency: 1 }),
    ]);
    expect(sub('glyph')).toEqual([expect.objectContaining({ kind: 'damage', dice: 5, dicePerPotency: 1 })]);
    expect(sub('flamespeech')).toEqual([
      expect.objectContaining({ kind: 'damage', dice: 3, dicePerPotency: 1 }),
    ]);
    expect(sub('convention-of-storms')).toEqual([expect.objectContaining({ dice: 5, dicePerPotency: 1 })]);
    expect(sub('leech').slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'chance', sides: 6, chances: 1 }),
      expect.objectContaining({ kind: 'chance', sides: 6, chances: 1 }),
    ]);
    expect(sub('rockspeech')).toEqual([expect.objectContaining({ kind: 'chance', sides: 6, chances: 2 })]);
    expect(sub('spectral-fabrication')).toEqual([
      expect.objectContaining({ kind: 'chance', sides: 10, chances: 1 }),
    ]);
    expect(sub('death-mask')).toEqual([expect.objectContaining({ kind: 'chance', sides: 6, chances: 1 })]);
    expect(sub('genoplasm')).toEqual([
      expect.objectContaining({ kind: 'chance', sides: 6, inPotency: true }),
    ]);
    expect(sub('elemental-wall')[0]).toEqual(expect.objectContaining({ kind: 'table', sides: 6 }));
    expect(sub('dread-manifestation')[0]).toEqual(expect.objectContaining({ kind: 'table', sides: 4 }));
    expect(sub('vitalize')[0]).toEqual(expect.objectContaining({ kind: 'table', sides: 3 }));
    expect(sub('ravening')[0]).toEqual(expect.objectContaining({ kind: 'table', sides: 3 }));
    for (const spell of COEAC_SPELLS) {
      for (const s of spell.subRolls) if (s.kind === 'table') expect(s.entries).toHaveLength(s.sides);
    }
  });

  it('searches by family, skill (reversed too), Ob and text', () => {
    expect(searchCoeacSpells({ family: 'diabolism' })).toHaveLength(10);
    expect(searchCoeacSpells({ objective: 5 })).toHaveLength(16);
    expect(searchCoeacSpells({ skill: 'Ruin' }).map((s) => s.id)).toContain('celerity-torpor');
    expect(searchCoeacSpells({ q: 'DISINTEGR' }).map((s) => s.id)).toEqual(['disintegrate']);
    expect(() => coeacSpell('fireball')).toThrow(expect.objectContaining({ field: 'spell' }));
  });
});
