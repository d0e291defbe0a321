import { unwrap, type components } from '@arbiter/client';
import {
  BotRefusal,
  campaignOf,
  client,
  fitLines,
  percent,
  playerOf,
  privately,
  type BotContext,
  type CommandInteraction,
} from './common';
import { findByName, type Named } from './names';
import { stateWords } from './sheets';
import { opt, readOwner } from './session';
import { eventTexts, harmWords } from './words';

type Attack = components['schemas']['ArchsoulCampaignAttackResult'];

/** Whether `/attack` asks for an Archsoul attack: it carries Archsoul's numbers. */
export const isArchsoulAttack = (interaction: CommandInteraction) =>
  interaction.options.getInteger('difficulty') !== null || interaction.options.getInteger('defence') !== null;

/**
 * `/attack [as] target pool difficulty defence [damage] [ranged] [weapon]`: an Archsoul attack in the
 * campaign (`POST …/archsoul-attacks`, the referee's in the API: a player's key is refused by
 * Arbiter, with its code). Arbiter has no stored Archsoul fight, so there is no tracker: each
 * attack stands alone, both sheets' statuses rule it, and a hit's damage goes to the target. When
 * an NPC's numbers are hidden from the players, the table hears who attacked whom and how the
 * target looks; the dice go to the referee alone.
 */
export async function archsoulAttack(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const dice = interaction.options.getInteger('pool');
  const difficulty = interaction.options.getInteger('difficulty');
  const defence = interaction.options.getInteger('defence');
  if (dice === null || difficulty === null || defence === null)
    throw new BotRefusal(
      'An Archsoul attack needs the referee’s numbers: `pool:` (d6s), `difficulty:` and `defence:`.',
    );
  const targetName = opt(interaction, 'target');
  if (!targetName) throw new BotRefusal('Name the target: `target:Wraith`.');
  const asName = opt(interaction, 'as');
  const attacker: Named | null = asName
    ? await findByName(arbiter, campaignId, asName)
    : link.characterId
      ? { kind: 'character', id: link.characterId, name: '' }
      : null;
  const target = await findByName(arbiter, campaignId, targetName);
  const side = (who: Named) => (who.kind === 'character' ? { characterId: who.id } : { npcId: who.id });
  const damage = interaction.options.getInteger('damage');
  const done = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/archsoul-attacks', {
      params: { path: { campaignId } },
      body: {
        ...(attacker ? { attacker: side(attacker) } : {}),
        target: side(target),
        kind: interaction.options.getBoolean('ranged') ? 'ranged' : 'melee',
        dice,
        difficulty,
        defence,
        ...(damage !== null ? { damage } : {}),
      },
    }),
  );
  const attackerOwner = attacker ? await readOwner(arbiter, campaignId, attacker) : null;
  const targetOwner = await readOwner(arbiter, campaignId, target);
  const hidden = (o: Awaited<ReturnType<typeof readOwner>> | null) =>
    o?.npc != null && !(o.npc.visibility === 'players' && o.npc.showNumbers);
  const { shared, details } = archsoulLines(
    { name: attackerOwner?.name ?? null, hidden: hidden(attackerOwner) },
    { name: targetOwner.name, hidden: hidden(targetOwner) },
    opt(interaction, 'weapon'),
    done,
  );
  await interaction.reply({ content: fitLines(shared) });
  if (details.length)
    await interaction.reply(privately(fitLines(['🤫 Sealed for the players:', ...details])));
}

/** What the table reads of an Archsoul attack, and what only the referee reads. */
export function archsoulLines(
  attacker: { name: string | null; hidden: boolean },
  target: { name: string; hidden: boolean },
  weapon: string | null,
  done: Attack,
): { shared: string[]; details: string[] } {
  const by = attacker.name ? `**${attacker.name}** attacks` : 'Something attacks';
  const head = `⚔️ ${by} **${target.name}**${weapon ? ` with ${weapon}` : ''}${done.coupDeGrace ? ' (a coup de grâce)' : ''}.`;
  const roll = done.attack;
  const dice = roll
    ? [
        `${roll.dice} dice [${roll.faces.join(', ')}] at difficulty ${roll.difficulty}: ${roll.successes} success${roll.successes === 1 ? '' : 'es'} against defence ${roll.defence}, ${roll.hit ? 'a hit' : 'a miss'} (chance was ${percent(roll.odds.hit)}).`,
      ]
    : [];
  const harm = done.harm;
  const harmLines = harm
    ? eventTexts(harm).length
      ? eventTexts(harm)
      : harmWords(target.name, harm)
    : roll && !roll.hit
      ? [`The blow misses ${target.name}.`]
      : [];
  const sealed = attacker.hidden || target.hidden;
  if (!sealed) return { shared: [head, ...dice, ...harmLines], details: [] };
  // The numbers of a hidden NPC are the referee's; what happens to a character is the table's.
  const looks =
    target.hidden && roll
      ? [
          roll.hit
            ? `${target.name} is hit: ${!harm || harm.state === 'up' ? 'it still stands' : `it is ${stateWords(harm.state)}`}.`
            : `The blow misses ${target.name}.`,
        ]
      : [];
  return {
    shared: [head, ...(target.hidden ? looks : harmLines)],
    details: [...dice, ...(target.hidden ? harmLines : [])],
  };
}
