/**
 * Request examples written by hand, by operationId, where the one built from the schema (required
 * members only, from their own examples and bounds) is not a request the rules accept: an operation
 * that needs one of two fields, a list that needs members, a value another field constrains. `body`
 * is the JSON body; `parameters` gives query and path parameters by name (Swagger UI fills in every
 * parameter that has an example). test/e2e/openapi-examples.e2e-spec.ts sends them all.
 */
export const REQUEST_EXAMPLES: Record<string, { body?: unknown; parameters?: Record<string, unknown> }> = {
  // A receipt the server did not sign answers `valid: false`; a real one comes from `?receipt=true`.
  Receipts_verify: {
    body: {
      receipt: { alg: 'Ed25519', keyId: 'example-key', signature: 'c2lnbmF0dXJl' },
      document: { procedure: 'check.pool', seed: 'table-7' },
    },
  },
  Odds_wager: { parameters: { baseDice: 0, objective: 12, probability: 0.75 } },
  WealthOdds_purchaseWager: { parameters: { cost: 6, wealth: 4, probability: 0.75 } },
  WealthOdds_improvementWager: { parameters: { targetRank: 6, probability: 0.5 } },
  WealthOdds_strongholdWager: { parameters: { targetRank: 1, wealth: 5, probability: 0.75 } },
  WealthReference_scaleItem: { body: { item: 'Long sword', madeFor: 'large' } },
  Encounters_morale: { body: { system: 'coeac', rating: 3, seed: 'table-7' } },
  CharactersBuilder_gmDerivation: {
    body: {
      abilities: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
      archetype: 'warrior',
    },
  },
  CharactersBuilder_gmBodyRoll: {
    body: {
      abilities: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
      species: 'dwarf',
      seed: 'table-7',
    },
  },
  CharactersBuilder_npcMorale: {
    body: { subject: 'hireling', controllerPool: 5, hirelingPool: 4, seed: 'table-7' },
  },
  CheckHelpers_extended: { body: { pool: 6, objective: 2, tests: 5, goal: { passes: 3 }, seed: 'table-7' } },
  CheckHelpers_gmMultiContest: {
    body: {
      sides: [
        { name: 'Ana', score: 12 },
        { name: 'Bram', score: 10 },
        { name: 'Cyl', score: 9 },
      ],
      seed: 'table-7',
    },
  },
  Harm_cairnDamage: { body: { hp: 3, str: 10, damage: 4, seed: 'table-7' } },
  Harm_coeacEating: { body: { cut: 'meat', hp: 3, maxHp: 8, seed: 'table-7' } },
  Harm_gmHealing: {
    body: { kind: 'night', level: 2, survival: 2, maxSurvival: 7, health: 12, seed: 'table-7' },
  },
  Combat_cairnAttack: {
    body: { attackers: [{ die: 'd8' }], target: { hp: 4, str: 10, armor: 1 }, seed: 'table-7' },
  },
  Combat_cairnDexSaves: {
    body: { kind: 'first-round', characters: [{ name: 'Mira', dex: 12 }], seed: 'table-7' },
  },
  Combat_gmAttack: { body: { attackBonus: 4, defense: 3, damage: 'd8', seed: 'table-7' } },
  Combat_gmGroupEffort: { body: { members: [{ target: 17 }, { target: 12 }], seed: 'table-7' } },
  Combat_gmPsychic: {
    body: {
      action: 'attack',
      attacker: { charisma: 14, monkLevel: 2, verve: 14 },
      defender: { intelligence: 12, verve: 15, survival: 6 },
      seed: 'table-7',
    },
  },
  Combat_gmManeuver: { body: { kind: 'grapple-evade', score: 12, opponentScore: 10, seed: 'table-7' } },
  Combat_archsoulAttack: {
    body: {
      kind: 'melee',
      attackerStatuses: ['knocked-down'],
      targetStatuses: ['restrained'],
      dice: 4,
      difficulty: 4,
      defence: 1,
      damage: 3,
      seed: 'table-7',
    },
  },
  Advancement_gmMojoCost: { body: { kind: 'ability', current: 17 } },
  Advancement_gmPooledProject: {
    body: {
      shares: [
        { who: 'Ana', cost: 40, mojo: 25 },
        { who: 'Bram', cost: 60, mojo: 30 },
      ],
    },
  },
  Hazards_archsoulExertion: { body: { endurance: 4, activity: 'light', hours: 2, seed: 'table-7' } },
  Hazards_gmAilment: { body: { ailment: 'alcohol', contact: 'willing', reaction: 11, seed: 'table-7' } },
  Hazards_coeacTravel: { body: { mode: 'land', hexes: 3, seed: 'table-7' } },
  Hazards_coeacMirrorRoad: { body: { hexes: 4, seed: 'table-7' } },
  CairnMagic_spell: { parameters: { spell: '45' } },
  Magic_channeling: { body: { pool: 5, spell: 'disintegrate', seed: 'table-7' } },
  Magic_spellMastery: { body: { pool: 6, spell: 'banish', seed: 'table-7' } },
  Magic_spell: { parameters: { spellId: 'disintegrate' } },
};
