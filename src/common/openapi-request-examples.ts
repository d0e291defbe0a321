/**
 * Request examples written by hand, by operationId, where the one built from the schema (required
 * members only, from their own examples and bounds) is not a request the rules accept: an operation
 * that needs one of two fields, a list that needs members, a value another field constrains. `body`
 * is the JSON body; `parameters` gives query and path parameters by name (Swagger UI fills in every
 * parameter that has an example). `examples` instead of `body` gives several named bodies (Swagger
 * UI's dropdown, the first one shown). test/e2e/openapi-examples.e2e-spec.ts sends them all.
 */
export const REQUEST_EXAMPLES: Record<
  string,
  {
    body?: unknown;
    examples?: Record<string, { summary: string; value: unknown }>;
    parameters?: Record<string, unknown>;
  }
> = {
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
      attributes: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
      archetype: 'warrior',
    },
  },
  CharactersBuilder_gmBodyRoll: {
    body: {
      attributes: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
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

  // Campaign operations (sent in one campaign by the example test, in the document's order): the
  // character "Toromeen", the NPC "Grey Ogre" and the table "Night Roads" are the ones the creating
  // examples make; names stand where an id is taken (src/campaigns/name-addressing.ts).
  Npcs_create: { body: { name: 'Grey Ogre', kind: 'adversary', visibility: 'players' } },
  Tables_create: {
    body: { name: 'Night Roads', formula: '1d6', entries: [{ range: [1, 6], text: 'A lone rider' }] },
  },
  Tables_update: {
    body: { name: 'Night Roads', formula: '1d6', entries: [{ range: [1, 6], text: 'Two riders' }] },
  },
  Tables_import: {
    body: { format: 'csv', content: '1-3;Wolves\n4-6;Fog', name: 'Fog Roads' },
  },
  Clock_advance: { body: { watches: 1 } },
  Travel_travel: { body: { mode: 'land', hexes: 2, seed: 'table-7' } },
  Treasury_transfer: { body: { from: 'treasury', to: 'Toromeen', amount: 1 } },
  CampaignStrongholds_improve: { body: { wager: 1, leadCharacterId: 'Toromeen', seed: 'table-7' } },
  CraftingProjects_materials: { body: { amount: 1 } },
  CharacterSheets_check: { body: { system: 'coeac', skill: 'Fighter', objective: 1, seed: 'table-7' } },
  Npcs_coeacNpc: { body: { hireling: { item: 'mercenary', role: 'Man at Arms' } } },
  CharacterHarm_damage: { body: { system: 'coeac', amount: 1, seed: 'table-7' } },
  CharacterHarm_aidDownAndOut: { body: { aiderId: 'Toromeen', seed: 'table-7' } },
  ArchsoulAttacks_attack: {
    body: {
      target: { characterId: 'Toromeen' },
      kind: 'melee',
      dice: 4,
      difficulty: 4,
      defence: 1,
      seed: 'table-7',
    },
  },
  Combats_create: {
    body: {
      system: 'coeac',
      combatants: [
        { characterId: 'Toromeen', side: 'party' },
        { npcId: 'Grey Ogre', side: 'foes' },
      ],
      seed: 'table-7',
    },
  },
  Combats_act: {
    body: {
      actor: 'Toromeen',
      kind: 'exchange',
      targets: ['Grey Ogre'],
      coeac: { skill: 'Fighter' },
      seed: 'table-7',
    },
  },
  CharacterAdvancement_classResources: { body: { resources: ['Control'] } },
  CairnCampaignMagic_addItem: { body: { kind: 'spellbook', spell: '45' } },
  // Toromeen keeps no G&M sheet in the examples' campaign: the cast is refused (422 SHEET_MISSING).
  GmCast_cast: { body: { spell: 'Sleepfall', target: 'Grey Ogre' } },
  CharacterSheets_putSheet: {
    body: { sheet: { skills: { Fighter: 3 }, saves: { Vigor: 2 }, maxHp: 8, hp: 8 } },
    parameters: { system: 'coeac' },
  },
  Npcs_putSheet: {
    body: { sheet: { skills: { Fighter: 3 }, saves: { Vigor: 2 }, maxHp: 12, hp: 12 } },
    parameters: { system: 'coeac' },
  },
  GmSettings_derive: {
    body: {
      attributes: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
      archetype: 'warrior',
    },
  },
  WealthReference_startingMoney: { body: { archetypalAttribute: 18 } },
  Advancement_gmLevelUp: {
    body: {
      archetype: 'warrior',
      level: 2,
      attributes: { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 },
    },
  },
  CharacterAdvancement_mojoSpend: { body: { kind: 'ability', attribute: 'strength' } },
  Npcs_check: { body: { system: 'coeac', skill: 'Fighter', objective: 1, seed: 'table-7' } },
  NpcHarm_damage: { body: { system: 'coeac', amount: 1, seed: 'table-7' } },
  CharacterSheets_adjust: { body: { system: 'coeac', field: 'hp', delta: -1, reason: 'A goblin spear' } },
  Npcs_adjust: { body: { system: 'coeac', field: 'hp', delta: -1, reason: 'An arrow' } },
  CraftingProjects_create: { body: { item: 'Kite shield', price: 6, skills: ['smithing'] } },
  // Toromeen keeps no Archsoul sheet in the examples' campaign: Intellect and skill are sent.
  CraftingProjects_roll: { body: { characterId: 'Toromeen', skillName: 'smithing', intellect: 3, skill: 2 } },
  // Each side may instead name a character or NPC and its attribute or reaction (read from its G&M sheet).
  CampaignChecks_contest: { body: { acting: { score: 12 }, resisting: { score: 12 }, seed: 'table-7' } },
  // `example` stands for an id the inventory examples' answers give: the ring's, here (Discipline 4:
  // the seeded ritual passes, so the attunement exists to be ended).
  CharacterDowntime_attune: { body: { itemId: 'example', method: 'ritual', discipline: 4, seed: 'table-7' } },
  // The Cybalt ore's id pays (5 Cash and 5 Cybalt for an Ob 1 channeling).
  CharacterDowntime_beginRitual: {
    body: { spell: 'Light', channelingObjective: 1, cybaltItemId: 'example' },
  },
  CampaignStrongholds_addTag: { body: { name: 'library', earned: true } },
  CampaignStrongholds_removeTag: { parameters: { name: 'library' } },
  MassConflicts_create: {
    body: {
      name: 'Siege of Greywater',
      units: [
        {
          name: 'Goblin spears',
          side: 'foes',
          size: 12,
          medianSurvival: 5,
          medianMovement: 6,
          medianAttackBonus: 0,
          medianDefense: 0,
          medianEvasion: 8,
          moraleTarget: 0,
          damage: 'd6',
        },
        {
          name: 'Militia',
          side: 'town',
          size: 20,
          medianSurvival: 6,
          medianAttackBonus: 1,
          medianDefense: 1,
          medianEvasion: 9,
          moraleTarget: 9,
          leaderCharisma: 12,
          damage: 'd6',
        },
      ],
    },
  },
  MassConflicts_attack: { body: { attacker: 'Goblin spears', target: 'Militia', seed: 'table-7' } },
  // Vessa is the character the Foundry import example makes (sent before it, in the document's order).
  GmGroupTasks_groupEffort: { body: { characterIds: ['Toromeen', 'Vessa'], target: 12, seed: 'table-7' } },
  FoundryCairn_importCharacters: {
    body: {
      content:
        '{"name":"Vessa","type":"character","system":{"hp":{"value":4,"max":4},"abilities":{"STR":{"value":12,"max":12},"DEX":{"value":9,"max":9},"WIL":{"value":11,"max":11}}},"items":[]}',
    },
  },
  FoundryCairn_importNpcs: {
    body: {
      content:
        '{"name":"Grey Wolf","type":"npc","system":{"hp":{"value":3,"max":3},"abilities":{"STR":{"value":10,"max":10},"DEX":{"value":14,"max":14},"WIL":{"value":6,"max":6}},"armor":1},"items":[{"name":"Bite","type":"weapon","system":{"damageFormula":"d6"}}]}',
    },
  },

  // The items the other examples name: the Cybalt ore pays rituals and orbs, the orb goes into the
  // staff, the ring is an artifact to attune to.
  Inventory_add: {
    examples: {
      torches: { summary: 'Torches (gear)', value: { name: 'Torches', kind: 'gear' } },
      cybalt: {
        summary: 'Cybalt ore (a material of 20 dice)',
        value: { name: 'Cybalt ore', kind: 'material', dice: 20 },
      },
      orb: { summary: 'An orb (an artifact)', value: { name: 'Orb of Embers', kind: 'artifact' } },
      staff: { summary: 'A staff an orb may go into', value: { name: 'Oak staff', kind: 'gear' } },
      ring: { summary: 'A magic ring (an artifact)', value: { name: 'Ring of Warding', kind: 'artifact' } },
    },
  },
  Inventory_addCarrier: { body: { kind: 'porter', name: 'Hobb' } },
};
