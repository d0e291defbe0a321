import { unwrap, type components } from '@arbiter/client';
import { BotRefusal, fitLines, privately, type BotContext, type CommandInteraction } from './common';
import { SYSTEM_NAMES, systemFor } from './sheets';
import { actingCharacter, opt } from './session';

type ExperienceAward = components['schemas']['ExperienceAwardResult'];
type LevelUp = ExperienceAward['levelUps'][number];

/** `/advance` without an award only reads (answered privately); an award is the table's news. */
export function advanceIsPrivate(interaction: CommandInteraction): boolean {
  return interaction.options.getInteger('xp') === null && interaction.options.getInteger('boons') === null;
}

/** What Arbiter offers each game for advancement, said when there is nothing to award. */
export const NO_ADVANCEMENT = {
  cairn:
    'Cairn has no levels or experience: a character grows through what it finds and the scars it survives (`/rest`, harm). There is nothing to award here.',
  archsoul: 'Arbiter has no Archsoul advancement yet: there is nothing to award or read here.',
} as const;

/** One G&M level-up in words: the level, the die for survival or verve, and what else it gave. */
export function levelUpWords(name: string, up: LevelUp): string {
  const reactions = Object.entries(up.reactions)
    .filter(([, gain]) => gain > 0)
    .map(([reaction]) => reaction);
  const gains = [
    `${up.roll.pool} +${up.roll.gain} (d10 ${up.roll.die}${up.roll.modifier ? ` ${up.roll.modifier > 0 ? '+' : '−'} ${Math.abs(up.roll.modifier)}` : ''})`,
    `mojo +${up.mojo}`,
    reactions.length ? `+1 ${reactions.join(', ')}` : null,
    up.fightingArt ? `Fighting Art +${up.fightingArt}` : null,
    up.specialty ? 'a new specialty to choose' : null,
    up.spellSlots ? `${up.spellSlots} spell slot${up.spellSlots === 1 ? '' : 's'}` : null,
    up.callingPoints ? `${up.callingPoints} calling point${up.callingPoints === 1 ? '' : 's'}` : null,
    up.spiritSwap ? 'a spirit-type swap' : null,
    up.thiefImprovement ? 'a thief improvement' : null,
  ].filter(Boolean);
  return `⬆️ **${name}** reaches ${up.archetype} level ${up.level}: ${gains.join(', ')}.`;
}

/**
 * `/advance [who] [system] [xp] [boons] [archetype] [reason]`: what each game has for advancement.
 * G&M: the referee awards experience (every level reached is rolled and applied by Arbiter);
 * without `xp`, the character's experience, level and mojo. COEAC: the referee awards Boons at the
 * end of a session; without `boons`, the count on the sheet. Cairn has no levels; Arbiter has no
 * Archsoul advancement: the bot says so. Awards are referee-only in the API; the bot lets Arbiter
 * refuse a player, so the refusal carries its code and field.
 */
export async function advance(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const { campaignId, arbiter, who, owner } = await actingCharacter(
    ctx,
    interaction,
    'who',
    '`/advance` is for characters: NPCs do not advance here.',
  );
  const system = systemFor(owner.name, owner.sheets, opt(interaction, 'system'));
  const xp = interaction.options.getInteger('xp');
  const boons = interaction.options.getInteger('boons');
  const reason = opt(interaction, 'reason') ?? undefined;
  if (system === 'cairn' || system === 'archsoul') {
    await interaction.reply(privately(`${owner.name}: ${NO_ADVANCEMENT[system]}`));
    return;
  }
  if (system === 'gm') {
    if (boons !== null) throw new BotRefusal('Boons are COEAC’s; G&M characters gain experience (`xp:`).');
    if (xp === null) {
      const standing = await unwrap(
        arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}/advancement', {
          params: { path: { campaignId, characterId: who.id } },
        }),
      );
      const archetypes = standing.archetypes.map((a) => `${a.archetype} ${a.level}`).join(', ');
      await interaction.reply(
        privately(
          `📈 **${owner.name}**: ${standing.experience} experience (level ${standing.level} by experience; ${archetypes || 'no archetype'}), ${standing.mojo} mojo` +
            (standing.specialtiesDue
              ? `, ${standing.specialtiesDue} specialt${standing.specialtiesDue === 1 ? 'y' : 'ies'} to choose`
              : '') +
            '.',
        ),
      );
      return;
    }
    const archetype = opt(interaction, 'archetype') ?? undefined;
    const award = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/experience', {
        params: { path: { campaignId, characterId: who.id } },
        body: { amount: xp, ...(reason ? { reason } : {}), ...(archetype ? { archetype } : {}) },
      }),
    );
    const lines = [
      `📈 **${owner.name}** gains ${award.gained} experience (${award.experienceBefore} → ${award.experience})` +
        (award.levelAfter > award.levelBefore
          ? `: level ${award.levelBefore} → ${award.levelAfter}.`
          : `, still level ${award.levelAfter}.`),
      ...award.levelUps.map((up) => levelUpWords(owner.name, up)),
    ];
    await interaction.reply({ content: fitLines(lines) });
    return;
  }
  // COEAC
  if (xp !== null)
    throw new BotRefusal('COEAC has no experience points: its advancement is Boons (`boons:`).');
  if (boons === null) {
    const held = (owner.sheets?.coeac as { boons?: unknown } | undefined)?.boons;
    await interaction.reply(
      privately(
        `🏅 **${owner.name}** holds ${typeof held === 'number' ? held : 0} Boon${held === 1 ? '' : 's'}. ${SYSTEM_NAMES.coeac} has no levels: Boons come from the referee at the end of a session.`,
      ),
    );
    return;
  }
  const awarded = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/boons', {
      params: { path: { campaignId } },
      body: { awards: [{ characterId: who.id, boons, ...(reason ? { reason } : {}) }] },
    }),
  );
  const mine = awarded.awards.find((a) => a.characterId === who.id) ?? awarded.awards[0];
  await interaction.reply({
    content: `🏅 **${owner.name}** earns ${mine.boons} Boon${mine.boons === 1 ? '' : 's'}${reason ? ` (${reason})` : ''}: ${mine.total} in all.`,
  });
}
