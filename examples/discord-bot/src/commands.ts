import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandStringOption,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';

const GAMES = [
  { name: 'Cairn', value: 'cairn' },
  { name: 'COEAC', value: 'coeac' },
  { name: 'Gods & Monsters', value: 'gm' },
  { name: 'Archsoul', value: 'archsoul' },
];

const systemOption = (o: SlashCommandStringOption) =>
  o
    .setName('system')
    .setDescription('The game (needed only when the character has sheets in several)')
    .addChoices(...GAMES);

const whoOption = (o: SlashCommandStringOption) =>
  o
    .setName('who')
    .setDescription('Referee: the character or NPC, by name (default: yours)')
    .setMaxLength(100);

const shownOption = (s: SlashCommandSubcommandBuilder) =>
  s.addBooleanOption((o) =>
    o.setName('shown').setDescription('Players see it (in words; its numbers stay hidden). Default: hidden'),
  );

/** The slash commands the bot answers, as Discord's API wants them registered (see register.ts). */
export const COMMANDS = [
  new SlashCommandBuilder()
    .setName('roll')
    .setDescription('Roll a dice pool against an obstacle')
    .addIntegerOption((o) =>
      o.setName('pool').setDescription('Dice in the pool').setRequired(true).setMinValue(1).setMaxValue(100),
    )
    .addIntegerOption((o) =>
      o
        .setName('ob')
        .setDescription('Obstacle: successes needed')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(100),
    ),
  new SlashCommandBuilder()
    .setName('odds')
    .setDescription('Exact chance of meeting an obstacle with a dice pool')
    .addIntegerOption((o) =>
      o
        .setName('dice')
        .setDescription('Dice in the pool')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(10000),
    )
    .addIntegerOption((o) =>
      o
        .setName('ob')
        .setDescription('Obstacle: successes needed')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(10000),
    ),
  new SlashCommandBuilder()
    .setName('attack')
    .setDescription(
      'Attack in this channel’s fight (weapon, target), or a stateless COEAC exchange (pool, foe)',
    )
    .addStringOption((o) =>
      o
        .setName('weapon')
        .setDescription(
          'A weapon on your sheet (listed as you type), or its die (d8) / COEAC skill (Fighter)',
        )
        .setMaxLength(100)
        .setAutocomplete(true),
    )
    .addStringOption((o) => o.setName('target').setDescription('Whom you attack, by name').setMaxLength(100))
    .addStringOption((o) =>
      o.setName('as').setDescription('Referee: the combatant who attacks, by name').setMaxLength(100),
    )
    .addStringOption((o) =>
      o
        .setName('block')
        .setDescription('COEAC: Block the damage you may take in this exchange')
        .addChoices({ name: 'with armour', value: 'armor' }, { name: 'with shield', value: 'shield' }),
    )
    .addStringOption((o) =>
      o
        .setName('with')
        .setDescription('G&M group attack: the other members, by name (Osk, Toro); mojo bids by button')
        .setMaxLength(300),
    )
    .addIntegerOption((o) =>
      o
        .setName('pool')
        .setDescription('Stateless: your combat check’s dice; Archsoul: the attack’s d6s')
        .setMinValue(0)
        .setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('foe')
        .setDescription('Stateless: the foe’s combat check dice')
        .setMinValue(0)
        .setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('plus')
        .setDescription('Stateless: free successes (+Ns), +1 damage each on a win')
        .setMinValue(0)
        .setMaxValue(100),
    )
    .addIntegerOption((o) =>
      o
        .setName('difficulty')
        .setDescription('Referee, Archsoul: the attack’s base difficulty')
        .setMinValue(1)
        .setMaxValue(10),
    )
    .addIntegerOption((o) =>
      o
        .setName('defence')
        .setDescription('Referee, Archsoul: the target’s defence (successes over it hit)')
        .setMinValue(0)
        .setMaxValue(100),
    )
    .addIntegerOption((o) =>
      o
        .setName('damage')
        .setDescription('Referee, Archsoul: damage on a hit')
        .setMinValue(0)
        .setMaxValue(1000),
    )
    .addBooleanOption((o) => o.setName('ranged').setDescription('Archsoul: a ranged attack (default melee)')),
  new SlashCommandBuilder()
    .setName('cast')
    .setDescription('Cast from your sheet (COEAC, Cairn, G&M), or a stateless COEAC channeling with pool')
    .addStringOption((o) =>
      o
        .setName('spell')
        .setDescription('The spell’s name or id (e.g. Death Mask, disintegrate); your sheet’s are listed')
        .setRequired(true)
        .setMaxLength(100)
        .setAutocomplete(true),
    )
    .addStringOption((o) => o.setName('as').setDescription('Referee: the caster, by name').setMaxLength(100))
    .addStringOption((o) =>
      o.setName('target').setDescription('G&M: whom or what it is cast on, in words').setMaxLength(200),
    )
    .addStringOption((o) => systemOption(o))
    .addIntegerOption((o) =>
      o.setName('pool').setDescription('Stateless: your channeling dice').setMinValue(0).setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('vigor')
        .setDescription('Stateless: your Vigor save dice for the mutation save')
        .setMinValue(0)
        .setMaxValue(200),
    ),
  new SlashCommandBuilder()
    .setName('character')
    .setDescription('Your character: create (referee), show the sheet, set a value')
    .addSubcommand((s) =>
      s
        .setName('create')
        .setDescription('Referee: a new character')
        .addStringOption((o) =>
          o.setName('name').setDescription('Its name').setRequired(true).setMaxLength(100),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('show')
        .setDescription('Show a sheet')
        .addStringOption(whoOption)
        .addStringOption(systemOption),
    )
    .addSubcommand((s) =>
      s
        .setName('set')
        .setDescription(
          'Set one value of a sheet (skills.Stealth 2, attributes.strength 14, class Sorcerer …)',
        )
        .addStringOption((o) =>
          o
            .setName('field')
            .setDescription('The field, dotted: skills.Stealth')
            .setRequired(true)
            .setMaxLength(100),
        )
        .addStringOption((o) =>
          o.setName('value').setDescription('A number or text').setRequired(true).setMaxLength(200),
        )
        .addStringOption(whoOption)
        .addStringOption(systemOption),
    ),
  new SlashCommandBuilder()
    .setName('npc')
    .setDescription('Referee: NPCs (hidden from the players by default)')
    .addSubcommand((s) =>
      shownOption(
        s
          .setName('grade')
          .setDescription('A COEAC adversary from its grade')
          .addStringOption((o) =>
            o.setName('name').setDescription('Its name').setRequired(true).setMaxLength(100),
          )
          .addStringOption((o) =>
            o
              .setName('grade')
              .setDescription('Its grade')
              .setRequired(true)
              .addChoices(...['minor', 'moderate', 'major', 'severe'].map((g) => ({ name: g, value: g }))),
          )
          .addStringOption((o) =>
            o
              .setName('tag')
              .setDescription('Elite or legendary')
              .addChoices({ name: 'elite', value: 'elite' }, { name: 'legendary', value: 'legendary' }),
          ),
      ),
    )
    .addSubcommand((s) =>
      shownOption(
        s
          .setName('hireling')
          .setDescription('A Cairn hireling, rolled (3d6 STR, DEX, WIL; d6 HP)')
          .addStringOption((o) => o.setName('name').setDescription('Its name').setMaxLength(100))
          .addStringOption((o) =>
            o.setName('role').setDescription('Its role (your words)').setMaxLength(100),
          ),
      ),
    )
    .addSubcommand((s) =>
      shownOption(
        s
          .setName('hand')
          .setDescription('An NPC with numbers you give (Cairn or COEAC)')
          .addStringOption((o) =>
            o.setName('name').setDescription('Its name').setRequired(true).setMaxLength(100),
          )
          .addStringOption((o) =>
            o
              .setName('system')
              .setDescription('Its game')
              .setRequired(true)
              .addChoices({ name: 'Cairn', value: 'cairn' }, { name: 'COEAC', value: 'coeac' }),
          )
          .addIntegerOption((o) =>
            o.setName('hp').setDescription('HP').setRequired(true).setMinValue(0).setMaxValue(1000),
          )
          .addIntegerOption((o) =>
            o.setName('str').setDescription('Cairn STR').setMinValue(0).setMaxValue(30),
          )
          .addIntegerOption((o) =>
            o.setName('dex').setDescription('Cairn DEX').setMinValue(0).setMaxValue(30),
          )
          .addIntegerOption((o) =>
            o.setName('wil').setDescription('Cairn WIL').setMinValue(0).setMaxValue(30),
          )
          .addIntegerOption((o) =>
            o.setName('armor').setDescription('Cairn Armor').setMinValue(0).setMaxValue(3),
          )
          .addIntegerOption((o) =>
            o.setName('pool').setDescription('COEAC pool').setMinValue(0).setMaxValue(100),
          ),
      ),
    )
    .addSubcommand((s) =>
      s
        .setName('reveal')
        .setDescription('Let the players see an NPC')
        .addStringOption((o) =>
          o.setName('name').setDescription('The NPC').setRequired(true).setMaxLength(100),
        )
        .addBooleanOption((o) =>
          o.setName('numbers').setDescription('Show its numbers too (default: words only)'),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('hide')
        .setDescription('Hide an NPC from the players')
        .addStringOption((o) =>
          o.setName('name').setDescription('The NPC').setRequired(true).setMaxLength(100),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('state')
        .setDescription('The words the players see for an NPC (“bloodied”, “limping”)')
        .addStringOption((o) =>
          o.setName('name').setDescription('The NPC').setRequired(true).setMaxLength(100),
        )
        .addStringOption((o) =>
          o.setName('words').setDescription('What they see').setRequired(true).setMaxLength(200),
        ),
    ),
  new SlashCommandBuilder()
    .setName('check')
    .setDescription('A check from the sheet, with the exact odds')
    .addStringOption((o) =>
      o.setName('save').setDescription('Cairn STR/DEX/WIL; a COEAC save').setMaxLength(50),
    )
    .addStringOption((o) =>
      o
        .setName('skill')
        .setDescription('COEAC skill (Fighter); G&M: a skill of your fields')
        .setMaxLength(50),
    )
    .addIntegerOption((o) => o.setName('ob').setDescription('COEAC obstacle').setMinValue(0).setMaxValue(100))
    .addStringOption((o) => o.setName('reaction').setDescription('G&M reaction (fortitude)').setMaxLength(50))
    .addStringOption((o) =>
      o.setName('attribute').setDescription('G&M attribute (strength)').setMaxLength(50),
    )
    .addStringOption((o) =>
      o
        .setName('specialty')
        .setDescription('G&M: a specialty of your sheet the roll involves (listed)')
        .setMaxLength(100)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('against')
        .setDescription('G&M contest: who resists, by name (with reaction: or attribute:)')
        .setMaxLength(100),
    )
    .addStringOption((o) =>
      o
        .setName('resist')
        .setDescription('G&M contest: the ability or reaction the other side rolls (default: the same)')
        .setMaxLength(50),
    )
    .addStringOption((o) =>
      o
        .setName('mode')
        .setDescription('G&M contest: opposed (default) or a race to the same goal')
        .addChoices({ name: 'opposed', value: 'opposed' }, { name: 'same goal', value: 'same-goal' }),
    )
    .addIntegerOption((o) =>
      o.setName('modifier').setDescription('G&M modifier').setMinValue(-20).setMaxValue(20),
    )
    .addStringOption((o) =>
      o.setName('stats').setDescription('Archsoul stats: Endurance,Athletics').setMaxLength(200),
    )
    .addIntegerOption((o) =>
      o.setName('difficulty').setDescription('Archsoul difficulty').setMinValue(1).setMaxValue(10),
    )
    .addStringOption(whoOption)
    .addStringOption(systemOption)
    .addBooleanOption((o) =>
      o.setName('secret').setDescription('Referee: a secret roll, answered only to you'),
    ),
  new SlashCommandBuilder()
    .setName('rest')
    .setDescription('Rest (what it restores is the game’s)')
    .addStringOption((o) =>
      o
        .setName('kind')
        .setDescription('The rest')
        .setRequired(true)
        .addChoices(
          ...['short', 'long', 'night', 'week', 'day', 'morning', 'hour'].map((k) => ({ name: k, value: k })),
        ),
    )
    .addStringOption(whoOption)
    .addStringOption(systemOption),
  new SlashCommandBuilder()
    .setName('aid')
    .setDescription('Tend a fallen character: Cairn stabilising, COEAC Medicine aid (your character aids)')
    .addStringOption((o) =>
      o
        .setName('target')
        .setDescription('Whom you tend, by name')
        .setRequired(true)
        .setMaxLength(100)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('as')
        .setDescription('Referee: the character who gives the aid (default: your own call)')
        .setMaxLength(100),
    )
    .addStringOption((o) =>
      o.setName('means').setDescription('Cairn: the aid, in words (default: first aid)').setMaxLength(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('pool')
        .setDescription('Referee, COEAC, no aider named: the Medicine pool (2 + Medicine)')
        .setMinValue(0)
        .setMaxValue(100),
    )
    .addStringOption(systemOption),
  new SlashCommandBuilder()
    .setName('last-effort')
    .setDescription('G&M: your dying character’s heroic last effort, one roll at +level, then death')
    .addStringOption((o) =>
      o
        .setName('rating')
        .setDescription('The ability or reaction the deed is rolled on')
        .setRequired(true)
        .addChoices(
          ...[
            'strength',
            'agility',
            'endurance',
            'intelligence',
            'wisdom',
            'charisma',
            'health',
            'fortitude',
            'willpower',
            'evasion',
            'reason',
            'perception',
          ].map((r) => ({ name: r, value: r })),
        ),
    )
    .addStringOption((o) =>
      o
        .setName('deed')
        .setDescription('What the character does, in your words')
        .setRequired(true)
        .setMaxLength(300),
    )
    .addIntegerOption((o) =>
      o
        .setName('mojo')
        .setDescription('Mojo of the dying character added to the roll')
        .setMinValue(0)
        .setMaxValue(100),
    )
    .addStringOption(whoOption),
  new SlashCommandBuilder()
    .setName('advance')
    .setDescription('Advancement: G&M experience and levels, COEAC Boons (awards are the referee’s)')
    .addStringOption(whoOption)
    .addStringOption(systemOption)
    .addIntegerOption((o) =>
      o
        .setName('xp')
        .setDescription('Referee, G&M: experience to award (each level reached is rolled)')
        .setMinValue(1)
        .setMaxValue(100_000_000),
    )
    .addIntegerOption((o) =>
      o
        .setName('boons')
        .setDescription('Referee, COEAC: Boons at the end of the session (1, more for an expedition)')
        .setMinValue(1)
        .setMaxValue(100),
    )
    .addStringOption((o) =>
      o
        .setName('archetype')
        .setDescription('G&M with several archetypes: the one that gains the level')
        .setMaxLength(64),
    )
    .addStringOption((o) => o.setName('reason').setDescription('Why, for the ledger').setMaxLength(500)),
  new SlashCommandBuilder()
    .setName('fight')
    .setDescription('The fight in this channel')
    .addSubcommand((s) =>
      s
        .setName('start')
        .setDescription('Referee: start a fight with these characters and NPCs')
        .addStringOption((o) =>
          o
            .setName('who')
            .setDescription('Names, comma-separated: Bryn, Osk, Goblin')
            .setRequired(true)
            .setMaxLength(1000),
        )
        .addStringOption((o) =>
          o
            .setName('system')
            .setDescription('The game (default: the first character’s)')
            .addChoices(
              { name: 'Cairn', value: 'cairn' },
              { name: 'COEAC', value: 'coeac' },
              { name: 'Gods & Monsters', value: 'gm' },
            ),
        )
        .addBooleanOption((o) =>
          o.setName('saves').setDescription('Cairn: first-round DEX saves (a sudden fight)'),
        ),
    )
    .addSubcommand((s) => s.setName('next').setDescription('Referee: the next round'))
    .addSubcommand((s) => s.setName('end').setDescription('Referee: end the fight'))
    .addSubcommand((s) => s.setName('view').setDescription('The fight as you may see it (only to you)')),
  new SlashCommandBuilder()
    .setName('buy')
    .setDescription('Buy something for your character with wagered Cash')
    .addIntegerOption((o) =>
      o.setName('cost').setDescription('The item’s Cost').setRequired(true).setMinValue(0).setMaxValue(100),
    )
    .addIntegerOption((o) =>
      o.setName('wager').setDescription('Cash dice to wager').setRequired(true).setMinValue(0),
    )
    .addStringOption((o) => o.setName('item').setDescription('What you are buying').setMaxLength(200)),
  new SlashCommandBuilder().setName('income').setDescription('Roll your character’s income for this session'),
  new SlashCommandBuilder().setName('cash').setDescription('Show your character’s Cash and Wealth'),
  new SlashCommandBuilder()
    .setName('encounter')
    .setDescription('Referee: check for a wandering encounter (answered only to you)'),
  new SlashCommandBuilder()
    .setName('draw')
    .setDescription('Draw on one of the campaign’s tables (rumours, weather, encounters …)')
    .addStringOption((o) =>
      o.setName('table').setDescription('The table’s name (or id)').setRequired(true).setMaxLength(200),
    ),
  new SlashCommandBuilder()
    .setName('link')
    .setDescription('Link your Arbiter campaign key (and character) to your Discord account in this server')
    .addStringOption((o) => o.setName('key').setDescription('Your campaign key (arb_…)').setRequired(true))
    .addStringOption((o) => o.setName('character').setDescription('Your character id (players)')),
  new SlashCommandBuilder()
    .setName('setup')
    .setDescription('Link this Discord server to an Arbiter campaign')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addStringOption((o) => o.setName('campaign').setDescription('The campaign id').setRequired(true)),
].map((command) => command.setContexts(InteractionContextType.Guild).toJSON());
