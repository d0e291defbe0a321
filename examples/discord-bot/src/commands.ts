import { InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';

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
    .setDescription('COEAC combat exchange: your combat check against a foe’s, with the damage dealt')
    .addIntegerOption((o) =>
      o
        .setName('pool')
        .setDescription('Your combat check’s dice')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('foe')
        .setDescription('The foe’s combat check dice')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('plus')
        .setDescription('Free successes (+Ns): +1 damage each on a win')
        .setMinValue(0)
        .setMaxValue(100),
    ),
  new SlashCommandBuilder()
    .setName('cast')
    .setDescription('COEAC channeling: Potency, backlash and the exact odds of a spell cast')
    .addStringOption((o) =>
      o
        .setName('spell')
        .setDescription('The spell’s name or id (e.g. Death Mask, disintegrate)')
        .setRequired(true)
        .setMaxLength(100),
    )
    .addIntegerOption((o) =>
      o
        .setName('pool')
        .setDescription('Your channeling dice (2 + the sorcery skill)')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(200),
    )
    .addIntegerOption((o) =>
      o
        .setName('vigor')
        .setDescription('Your Vigor save dice: rolls the mutation save when nothing succeeds')
        .setMinValue(0)
        .setMaxValue(200),
    ),
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
