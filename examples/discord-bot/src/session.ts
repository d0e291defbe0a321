import { ArbiterProblem, unwrap, type ArbiterClient, type components } from '@arbiter/client';
import { offerComeTo, offerMojoBid } from './after-roll';
import { button, offer, row } from './choices';
import {
  BotRefusal,
  campaignOf,
  characterOf,
  client,
  EPHEMERAL,
  fit,
  fitLines,
  percent,
  playerOf,
  privately,
  refereeOf,
  type AutocompleteRequest,
  type BotContext,
  type CommandInteraction,
  type Embed,
  type Handler,
  type ReplyPayload,
} from './common';
import { findByName, type Named } from './names';
import {
  setPath,
  sheetEmbed,
  stateOf,
  stateWords,
  SYSTEM_NAMES,
  systemFor,
  systemsOf,
  type System,
  type SheetWeapon,
  weaponsOf,
} from './sheets';
import type { FightLink, PlayerLink } from './store';
import { checkWords, eventsOf, eventTexts, harmWords, restWords } from './words';

type Character = components['schemas']['Character'];
type Npc = components['schemas']['Npc'];
type Sheet = Record<string, unknown>;
type CombatSystem = FightLink['system'];

export const opt = (i: CommandInteraction, name: string) => i.options.getString(name)?.trim() || null;

/** A character or NPC as the given key reads it (404 for an NPC it may not see). */
export async function readOwner(
  arbiter: ArbiterClient,
  campaignId: string,
  who: Named,
): Promise<{
  name: string;
  sheets: Character['sheets'] | null;
  npc: Npc | null;
  character: Character | null;
}> {
  if (who.kind === 'character') {
    const character = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
        params: { path: { campaignId, characterId: who.id } },
      }),
    );
    return { name: character.name, sheets: character.sheets, npc: null, character };
  }
  const npc = await unwrap(
    arbiter.GET('/v1/campaigns/{campaignId}/npcs/{npcId}', {
      params: { path: { campaignId, npcId: who.id } },
    }),
  );
  return { name: npc.name, sheets: npc.sheets, npc, character: null };
}

/**
 * Whom a command is about: `who:` by name (the referee may name anyone; a player only their own
 * character), else the asker's own character.
 */
export async function subjectOf(
  arbiter: ArbiterClient,
  campaignId: string,
  link: PlayerLink,
  typed: string | null,
): Promise<Named> {
  if (!typed) return { kind: 'character', id: characterOf(link), name: '' };
  const found = await findByName(arbiter, campaignId, typed);
  if (link.role !== 'referee' && found.id !== link.characterId)
    throw new BotRefusal(`Only the referee acts for ${found.name}.`);
  return found;
}

/**
 * The character a command acts on, read with its sheets: the asker's own, or the one the referee
 * names in `option`; an NPC named there is refused with `refusal`.
 */
export async function actingCharacter(
  ctx: BotContext,
  interaction: CommandInteraction,
  option: 'who' | 'as',
  refusal: string,
) {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const who = await subjectOf(arbiter, campaignId, link, opt(interaction, option));
  if (who.kind !== 'character') throw new BotRefusal(refusal);
  const owner = await readOwner(arbiter, campaignId, who);
  return { campaignId, link, arbiter, who, owner };
}

// ---------------------------------------------------------------------------------------- /character

async function character(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const sub = interaction.options.getSubcommand(true);
  if (sub === 'create') {
    const link = refereeOf(ctx, interaction, 'create characters');
    const name = interaction.options.getString('name', true)!.trim();
    const made = await unwrap(
      client(ctx, link.key).POST('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId } },
        body: { name },
      }),
    );
    await interaction.reply(
      privately(
        `Created **${made.name}** (\`${made.id}\`). Write a sheet with \`/character set who:${made.name} system:<game> field:<field> value:<value>\`; its player links with \`/link character:${made.id}\`.`,
      ),
    );
    return;
  }
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const who = await subjectOf(arbiter, campaignId, link, opt(interaction, 'who'));
  const owner = await readOwner(arbiter, campaignId, who);
  if (sub === 'show') {
    const asked = opt(interaction, 'system');
    const systems = asked ? [systemFor(owner.name, owner.sheets, asked)] : systemsOf(owner.sheets);
    if (systems.length === 0) {
      await interaction.reply(privately(`${owner.name} has no sheet yet.`));
      return;
    }
    const embeds = systems.map((s) =>
      sheetEmbed(owner.name, s, (owner.sheets?.[s] ?? {}) as Sheet, owner.character ?? undefined),
    );
    // An NPC's numbers are the referee's: shown to the asker alone.
    await interaction.reply(fit({ embeds, flags: owner.npc ? EPHEMERAL : undefined }));
    return;
  }
  // set: one field of one system's sheet; the server says what the key may change (403 naming it).
  const field = interaction.options.getString('field', true)!.trim();
  const value = interaction.options.getString('value', true)!;
  const asked = opt(interaction, 'system');
  const has = systemsOf(owner.sheets);
  const system =
    asked && !has.includes(asked.toLowerCase() as System) && link.role === 'referee'
      ? (asked.toLowerCase() as System)
      : systemFor(owner.name, owner.sheets, asked);
  if (!SYSTEM_NAMES[system]) throw new BotRefusal(`There is no game called “${asked}”.`);
  const current = (owner.sheets?.[system] ?? {}) as Sheet;
  const sheet = setPath(current, gmScorePath(current, field), value);
  const path =
    who.kind === 'character'
      ? ('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}' as const)
      : null;
  const written = path
    ? await unwrap(
        arbiter.PUT(path, { params: { path: { campaignId, characterId: who.id, system } }, body: { sheet } }),
      )
    : await unwrap(
        arbiter.PUT('/v1/campaigns/{campaignId}/npcs/{npcId}/sheets/{system}', {
          params: { path: { campaignId, npcId: who.id, system } },
          body: { sheet },
        }),
      );
  await interaction.reply(
    fit({
      content: `✏️ ${owner.name}: ${field} = ${value}.`,
      embeds: [sheetEmbed(owner.name, system, written.sheet)],
      flags: EPHEMERAL,
    }),
  );
}

// ---------------------------------------------------------------------------------------------- /npc

async function npc(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = refereeOf(ctx, interaction, 'manage NPCs');
  const arbiter = client(ctx, link.key);
  const sub = interaction.options.getSubcommand(true);
  const shown = interaction.options.getBoolean('shown') ?? false;
  const visibility = shown ? ('players' as const) : ('referee' as const);
  const hiddenNote = shown
    ? 'Players see its name and its state in words, not its numbers.'
    : 'Hidden: players do not see it until you `/npc reveal` it.';
  let made: Npc;
  if (sub === 'grade') {
    const grade = interaction.options.getString('grade', true) as 'minor' | 'moderate' | 'major' | 'severe';
    const tag = (opt(interaction, 'tag') ?? undefined) as 'elite' | 'legendary' | undefined;
    made = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: interaction.options.getString('name', true)!.trim(),
          kind: 'adversary',
          grade,
          ...(tag ? { tag } : {}),
          visibility,
        },
      }),
    );
  } else if (sub === 'hireling') {
    const rolled = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/npcs/cairn-hirelings', {
        params: { path: { campaignId } },
        body: {
          ...(opt(interaction, 'name') ? { name: opt(interaction, 'name')! } : {}),
          ...(opt(interaction, 'role') ? { role: opt(interaction, 'role')! } : {}),
          visibility,
        },
      }),
    );
    made = rolled.npc;
  } else if (sub === 'hand') {
    const system = interaction.options.getString('system', true) as 'cairn' | 'coeac';
    const hp = interaction.options.getInteger('hp', true)!;
    const sheet =
      system === 'cairn'
        ? {
            hp,
            maxHp: hp,
            armor: interaction.options.getInteger('armor') ?? 0,
            str: { max: interaction.options.getInteger('str') ?? 10 },
            dex: { max: interaction.options.getInteger('dex') ?? 10 },
            wil: { max: interaction.options.getInteger('wil') ?? 10 },
          }
        : { hp, maxHp: hp, pool: interaction.options.getInteger('pool') ?? 3 };
    made = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId } },
        body: {
          name: interaction.options.getString('name', true)!.trim(),
          kind: 'monster',
          sheets: { [system]: sheet },
          visibility,
        },
      }),
    );
  } else {
    // reveal / hide / state: the referee changes what the players see.
    const target = await findByName(arbiter, campaignId, interaction.options.getString('name', true)!, 'npc');
    const body =
      sub === 'reveal'
        ? { visibility: 'players' as const, showNumbers: interaction.options.getBoolean('numbers') ?? false }
        : sub === 'hide'
          ? { visibility: 'referee' as const }
          : { visibleState: interaction.options.getString('words', true)! };
    const updated = await unwrap(
      arbiter.PATCH('/v1/campaigns/{campaignId}/npcs/{npcId}', {
        params: { path: { campaignId, npcId: target.id } },
        body,
      }),
    );
    await interaction.reply(
      privately(
        `${updated.name}: ${updated.visibility === 'players' ? `seen by the players${updated.showNumbers ? ' with its numbers' : ', numbers hidden'}` : 'hidden from the players'}` +
          (updated.visibleState ? `; they see it as “${updated.visibleState}”.` : '.'),
      ),
    );
    await refreshTracker(ctx, interaction);
    return;
  }
  const embeds = systemsOf(made.sheets).map((s) =>
    sheetEmbed(made.name, s, (made.sheets?.[s] ?? {}) as Sheet),
  );
  await interaction.reply(
    fit({ content: `👹 Added **${made.name}** (${made.kind}). ${hiddenNote}`, embeds, flags: EPHEMERAL }),
  );
}

// -------------------------------------------------------------------------------------------- /check

async function check(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const secret = interaction.options.getBoolean('secret') ?? false;
  if (secret && link.role !== 'referee') throw new BotRefusal('Only the referee rolls in secret.');
  const who = await subjectOf(arbiter, campaignId, link, opt(interaction, 'who'));
  const owner = await readOwner(arbiter, campaignId, who);
  const system = systemFor(owner.name, owner.sheets, opt(interaction, 'system'));
  const save = opt(interaction, 'save');
  const skill = opt(interaction, 'skill');
  const attribute = opt(interaction, 'attribute');
  const reaction = opt(interaction, 'reaction');
  const stats = opt(interaction, 'stats');
  const ob = interaction.options.getInteger('ob');
  const difficulty = interaction.options.getInteger('difficulty');
  const modifier = interaction.options.getInteger('modifier');
  const against = opt(interaction, 'against');
  if (against) {
    if (system !== 'gm') throw new BotRefusal('Contests (`against:`) are G&M’s.');
    await contest(interaction, arbiter, campaignId, owner, who, link.role === 'referee', against, secret);
    return;
  }
  const body: components['schemas']['SheetCheckInput'] = { system };
  switch (system) {
    case 'cairn': // a Cairn save is a d20 under STR, DEX or WIL
      body.attribute = save ?? attribute ?? undefined;
      if (!body.attribute) throw new BotRefusal('Name the save: `save:STR`, `save:DEX` or `save:WIL`.');
      break;
    case 'coeac':
      if (skill) body.skill = skill;
      else if (save) body.save = save;
      else throw new BotRefusal('Name a skill or a save: `skill:Fighter ob:2` or `save:Vigor ob:1`.');
      if (ob !== null) body.objective = ob;
      break;
    case 'gm': {
      if (reaction) body.reaction = reaction;
      else if (attribute ?? save) body.attribute = (attribute ?? save)!;
      else
        throw new BotRefusal(
          'Name a reaction (`reaction:fortitude`) or an attribute (`attribute:strength`).',
        );
      // A skill of the sheet's fields adds its field's bonus; a specialty its own (both in `modifiers`).
      if (skill) body.skill = skill;
      const specialty = opt(interaction, 'specialty');
      if (specialty) body.specialty = specialty;
      if (modifier !== null) body.modifier = modifier;
      break;
    }
    case 'archsoul':
      if (!stats) throw new BotRefusal('Name the stats to sum: `stats:Endurance,Athletics`.');
      body.stats = stats
        .split(/[,+]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (difficulty !== null) body.difficulty = difficulty;
      break;
  }
  if (secret) body.secret = true;
  const result =
    who.kind === 'character'
      ? await unwrap(
          arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/checks', {
            params: { path: { campaignId, characterId: who.id } },
            body,
          }),
        )
      : await unwrap(
          arbiter.POST('/v1/campaigns/{campaignId}/npcs/{npcId}/checks', {
            params: { path: { campaignId, npcId: who.id } },
            body,
          }),
        );
  const hidden =
    secret || (owner.npc !== null && !(owner.npc.visibility === 'players' && owner.npc.showNumbers));
  const line = `${secret ? '🤫 (secret) ' : ''}${checkWords(owner.name, result)}`;
  await interaction.reply(hidden ? privately(line) : { content: line });
  // A failed archetypal roll the character's mojo can turn: its player's choice, as buttons.
  if (who.kind === 'character' && !secret)
    await offerMojoBid(
      ctx,
      interaction,
      { id: who.id, name: owner.name, campaignId, sheet: owner.sheets?.gm as Sheet | undefined },
      result,
    );
}

/**
 * The path to set on a sheet: a G&M score named under one of its two names goes to the one the
 * server answered (`attributes`, or `abilities` from a server older than issue 42), so the sheet
 * sent back carries the edit under the name the server reads.
 */
export function gmScorePath(sheet: Sheet, field: string): string {
  const [head, ...rest] = field.split('.');
  if (rest.length === 0 || (head !== 'attributes' && head !== 'abilities')) return field;
  const answered =
    sheet.attributes !== undefined ? 'attributes' : sheet.abilities !== undefined ? 'abilities' : head;
  return [answered, ...rest].join('.');
}

/**
 * A G&M reaction or attribute score from a sheet (`reactions` first, then `attributes`, then the
 * `abilities` an older server answers instead).
 */
export function gmScore(sheet: Sheet | null | undefined, named: string): number | null {
  const name = named.trim().toLowerCase();
  const from = (field: string) => (sheet?.[field] as Record<string, unknown> | undefined)?.[name];
  const score = from('reactions') ?? from('attributes') ?? from('abilities');
  return typeof score === 'number' ? score : null;
}

/** The six G&M reactions (any other name a contest side rolls is sent as an attribute). */
const GM_REACTIONS = ['health', 'fortitude', 'willpower', 'evasion', 'reason', 'perception'];

type Reading = components['schemas']['SheetReading'];

/** What Arbiter read for a contest side, in a few words: `score 14 (abilities.strength), penalty −1 (injuries)`. */
export function readingWords(readings: Reading[]): string {
  return readings
    .filter((r) => !r.overridden)
    .map((r) => {
      const amount = r.field === 'score' ? `${r.amount}` : `${r.amount < 0 ? '−' : '+'}${Math.abs(r.amount)}`;
      return `${r.field} ${amount} (${r.source})`;
    })
    .join(', ');
}

type Contest = components['schemas']['ContestCheckResult'];

/** A G&M contest in one line: who rolled what, who won, and the exact chances of each end. */
export function contestWords(
  acting: { name: string; what: string; score: number | null; modifier?: number },
  resisting: { name: string; what: string; score: number | null },
  result: Contest,
): string {
  const mod = acting.modifier ? ` ${acting.modifier > 0 ? '+' : '−'}${Math.abs(acting.modifier)}` : '';
  const scored = (score: number | null) => (score === null ? '' : ` ${score}`);
  const mark = (r: { roll: number; passed: boolean }) => `${r.roll}${r.passed ? '✓' : '✗'}`;
  const rounds = result.rounds
    .slice(0, 8)
    .map((r) => `${mark(r.acting)} vs ${mark(r.resisting)}${r.doubled ? ' (doubled)' : ''}`)
    .join(', ');
  const more = result.rounds.length > 8 ? ` and ${result.rounds.length - 8} more rounds` : '';
  const winner =
    result.winner === 'acting'
      ? `**${acting.name} wins**`
      : result.winner === 'resisting'
        ? `**${resisting.name} wins**`
        : '**a draw**';
  return (
    `⚖️ **${acting.name}** (${acting.what}${scored(acting.score)}${mod}) against **${resisting.name}** (${resisting.what}${scored(resisting.score)}): ` +
    `d20 ${rounds}${more} → ${winner}. Chances were ${acting.name} ${percent(result.odds.acting)}, ` +
    `${resisting.name} ${percent(result.odds.resisting)}, a draw ${percent(result.odds.draw)}.`
  );
}

/**
 * `/check reaction:… against:Ogre [resist:…] [mode:…]`: a G&M contest, logged in the campaign.
 * Arbiter reads each side's sheet itself (`characterId`/`npcId` with `attribute` or `reaction`) and
 * answers what it read (`modifiers`), which the line shows. A player's key may name only its own
 * character, so another one's side (a fellow player's character, an NPC whose numbers are shown)
 * goes as the score the bot reads from its sheet; an NPC whose numbers the key may not read cannot
 * be contested by that key: the referee rolls it.
 */
async function contest(
  interaction: CommandInteraction,
  arbiter: ArbiterClient,
  campaignId: string,
  owner: Awaited<ReturnType<typeof readOwner>>,
  acting: Named,
  referee: boolean,
  against: string,
  secret: boolean,
): Promise<void> {
  const what = opt(interaction, 'reaction') ?? opt(interaction, 'attribute') ?? opt(interaction, 'save');
  if (!what) throw new BotRefusal('Name what you roll: `reaction:willpower` or `attribute:strength`.');
  const resist = opt(interaction, 'resist') ?? what;
  const resisting = await findByName(arbiter, campaignId, against);
  const other = await readOwner(arbiter, campaignId, resisting);
  const rolled = (name: string) => {
    const n = name.trim().toLowerCase();
    return GM_REACTIONS.includes(n) ? { reaction: n } : { attribute: n };
  };
  const named = (side: Named) => (side.kind === 'character' ? { characterId: side.id } : { npcId: side.id });
  const modifier = interaction.options.getInteger('modifier') ?? 0;
  const actingSide: components['schemas']['ContestSideInput'] = {
    ...named(acting),
    ...rolled(what),
    ...(modifier > 0 ? { bonus: modifier } : {}),
    ...(modifier < 0 ? { penalty: -modifier } : {}),
  };
  let resistingSide: components['schemas']['ContestSideInput'];
  let theirs: number | null = null;
  if (referee) resistingSide = { ...named(resisting), ...rolled(resist) };
  else {
    const otherSheet = other.sheets?.gm as Sheet | undefined;
    if (!otherSheet)
      throw new BotRefusal(
        other.npc
          ? `${other.name}’s numbers are the referee’s: the referee rolls this contest.`
          : `${other.name} has no G&M sheet.`,
      );
    theirs = gmScore(otherSheet, resist);
    if (theirs === null) throw new BotRefusal(`${other.name}’s G&M sheet has no ${resist}.`);
    resistingSide = { score: theirs };
  }
  const mode = opt(interaction, 'mode') as 'opposed' | 'same-goal' | null;
  const result = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/checks/contest', {
      params: { path: { campaignId } },
      body: {
        acting: actingSide,
        resisting: resistingSide,
        ...(mode ? { mode } : {}),
        ...(secret ? { secret: true } : {}),
      },
    }),
  );
  const read = result.modifiers ?? { acting: [], resisting: [] };
  const scoreOf = (readings: Reading[]) => readings.find((r) => r.field === 'score' && !r.overridden)?.amount;
  const mine = scoreOf(read.acting) ?? gmScore(owner.sheets?.gm as Sheet | undefined, what);
  theirs ??= scoreOf(read.resisting) ?? gmScore(other.sheets?.gm as Sheet | undefined, resist);
  const hiddenNumbers = (o: typeof other) =>
    o.npc !== null && !(o.npc.visibility === 'players' && o.npc.showNumbers);
  const sides = [
    [owner.name, readingWords(read.acting)],
    [other.name, readingWords(read.resisting)],
  ].filter(([, words]) => words);
  const line =
    `${secret ? '🤫 (secret) ' : ''}` +
    contestWords(
      { name: owner.name, what: what.toLowerCase(), score: mine, modifier },
      { name: other.name, what: resist.toLowerCase(), score: theirs },
      result,
    ) +
    (sides.length ? `\nRead from the sheets: ${sides.map(([n, w]) => `${n}: ${w}`).join('; ')}.` : '');
  await interaction.reply(
    secret || hiddenNumbers(owner) || hiddenNumbers(other) ? privately(line) : { content: line },
  );
}

// --------------------------------------------------------------------------------------------- /rest

async function rest(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const { campaignId, arbiter, who, owner } = await actingCharacter(
    ctx,
    interaction,
    'who',
    '`/rest` is for characters.',
  );
  const system = systemFor(owner.name, owner.sheets, opt(interaction, 'system'));
  const kind = interaction.options.getString('kind', true) as components['schemas']['SheetRestInput']['kind'];
  const rested = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/rests', {
      params: { path: { campaignId, characterId: who.id } },
      body: { system, kind },
    }),
  );
  const events = eventTexts(rested);
  await interaction.reply({ content: fitLines(events.length ? events : restWords(owner.name, rested)) });
  await refreshTracker(ctx, interaction);
}

// ------------------------------------------------------------------------------------- the tracker

/** A viewer key of the campaign (made once with the referee's key): the public tracker's eyes. */
async function tableKey(ctx: BotContext, guildId: string, campaignId: string, referee: ArbiterClient) {
  const known = ctx.store.tableKeyFor(guildId);
  if (known) return known;
  const made = await unwrap(
    referee.POST('/v1/campaigns/{campaignId}/keys', {
      params: { path: { campaignId } },
      body: { role: 'viewer', label: 'Discord table (the bot’s public tracker)' },
    }),
  );
  ctx.store.setTableKey(guildId, made.key);
  return made.key;
}

/** One combatant's line from what the key may read: numbers when readable, else words. */
function combatantLine(system: CombatSystem, name: string, sheet: Sheet | null, npc: Npc | null): string {
  if (!sheet) {
    // A shown NPC without its numbers: only the referee's words for it.
    const words = npc?.visibleState ? `“${npc.visibleState}”` : 'no visible wounds';
    return `**${name}** — ${words}`;
  }
  const state = stateWords(stateOf(sheet));
  const pair = (v: unknown) => {
    const o = (v ?? {}) as { current?: number; max?: number };
    return `${o.current ?? '—'}/${o.max ?? '—'}`;
  };
  switch (system) {
    case 'cairn':
      return `**${name}** — HP ${sheet.hp}/${sheet.maxHp} · STR ${pair(sheet.str)} · DEX ${pair(sheet.dex)} · ${state}`;
    case 'coeac':
      return `**${name}** — HP ${sheet.hp}/${sheet.maxHp} · ${state}`;
    case 'gm':
      return `**${name}** — Survival ${pair(sheet.survival)} · Verve ${pair(sheet.verve)} · ${state}`;
  }
}

const ORDER: Record<CombatSystem, string> = {
  cairn: 'Characters act first, then their opponents; each acts once a round.',
  coeac: 'Each declares, then the exchanges are rolled.',
  gm: 'Each takes a turn in order; Movement and actions as the sheet allows.',
};

/** The tracker: the combat as one key sees it (a player sees no number it may not read). */
export async function renderFight(
  ctx: BotContext,
  campaignId: string,
  fight: FightLink,
  key: string,
): Promise<Embed> {
  const arbiter = client(ctx, key);
  const combat = await unwrap(
    arbiter.GET('/v1/campaigns/{campaignId}/combats/{combatId}', {
      params: { path: { campaignId, combatId: fight.combatId } },
    }),
  );
  const sides = new Map<string, string[]>();
  for (const c of combat.combatants) {
    const owner = await readOwner(arbiter, campaignId, {
      kind: c.kind === 'npc' ? 'npc' : 'character',
      id: c.id,
      name: '',
    });
    const sheet = (owner.sheets?.[fight.system] ?? null) as Sheet | null;
    const marks = [
      c.lostFirstTurn && combat.round === 1 ? 'loses round 1' : null,
      c.fled ? 'fled' : null,
      c.routed ? 'routed' : null,
      c.destroyed ? 'destroyed' : null,
    ].filter(Boolean);
    const line =
      combatantLine(fight.system, owner.name, sheet, owner.npc) +
      (marks.length ? ` (${marks.join(', ')})` : '');
    sides.set(c.side, [...(sides.get(c.side) ?? []), line]);
  }
  const ended = combat.status !== 'active';
  return {
    title: `⚔️ ${SYSTEM_NAMES[fight.system]} fight — ${ended ? 'over' : `round ${combat.round}`}`,
    description: ended ? 'The fight is over.' : ORDER[fight.system],
    fields: [...sides].map(([side, lines]) => ({ name: side, value: lines.join('\n'), inline: false })),
    footer: { text: `combat ${combat.id}` },
  };
}

/** Edits the channel's tracker message in place (or posts it when it is gone). */
export async function refreshTracker(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const fight = interaction.channelId ? ctx.store.fightIn(interaction.channelId) : null;
  const key = interaction.guildId ? ctx.store.tableKeyFor(interaction.guildId) : null;
  if (!fight || !key || !interaction.channel) return;
  const campaignId = campaignOf(ctx, interaction);
  const payload = fit({ embeds: [await renderFight(ctx, campaignId, fight, key)] });
  if (fight.messageId) {
    try {
      await interaction.channel.edit(fight.messageId, payload);
      return;
    } catch {
      // the message was deleted: post a new one
    }
  }
  const posted = await interaction.channel.send(payload);
  ctx.store.setFight(interaction.channelId!, { ...fight, messageId: posted.id });
}

function fightHere(ctx: BotContext, interaction: CommandInteraction): FightLink {
  const fight = interaction.channelId ? ctx.store.fightIn(interaction.channelId) : null;
  if (!fight) throw new BotRefusal('No fight in this channel: the referee runs `/fight start`.');
  return fight;
}

async function fightCommand(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const sub = interaction.options.getSubcommand(true);
  if (sub === 'view') {
    // Each asker sees the fight through their own key: the referee's numbers stay with the referee.
    const link = playerOf(ctx, interaction);
    const fight = fightHere(ctx, interaction);
    await interaction.reply(
      fit({ embeds: [await renderFight(ctx, campaignId, fight, link.key)], flags: EPHEMERAL }),
    );
    return;
  }
  const link = refereeOf(ctx, interaction, 'run fights');
  const arbiter = client(ctx, link.key);
  if (sub === 'start') {
    if (!interaction.channelId || !interaction.guildId) throw new BotRefusal('Run this in a server channel.');
    if (ctx.store.fightIn(interaction.channelId))
      throw new BotRefusal('This channel already has a fight: `/fight end` it first.');
    const typed = interaction.options
      .getString('who', true)!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Arbiter finds each by name (an ambiguous one is refused with its candidates, to the referee alone).
    const chosen = await Promise.all(typed.map((t) => findByName(arbiter, campaignId, t)));
    const ids = new Set<string>();
    for (const c of chosen) {
      if (ids.has(c.id)) throw new BotRefusal(`${c.name} is listed twice.`);
      ids.add(c.id);
    }
    let system = (opt(interaction, 'system')?.toLowerCase() ?? null) as CombatSystem | null;
    if (!system) {
      const first = chosen.find((c) => c.kind === 'character') ?? chosen[0];
      const owner = await readOwner(arbiter, campaignId, first);
      const s = systemFor(owner.name, owner.sheets, null);
      if (s === 'archsoul') throw new BotRefusal('Stored fights are Cairn, COEAC or G&M.');
      system = s;
    }
    const saves = interaction.options.getBoolean('saves') ?? false;
    const combat = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/combats', {
        params: { path: { campaignId } },
        body: {
          system,
          combatants: chosen.map((c) =>
            c.kind === 'character' ? { characterId: c.id, side: 'Party' } : { npcId: c.id, side: 'Foes' },
          ),
          ...(system === 'cairn' && saves ? { firstRoundSaves: true } : {}),
        },
      }),
    );
    const fight: FightLink = { combatId: combat.id, system, messageId: null };
    ctx.store.setFight(interaction.channelId, fight);
    const key = await tableKey(ctx, interaction.guildId, campaignId, arbiter);
    if (interaction.channel) {
      const posted = await interaction.channel.send(
        fit({ embeds: [await renderFight(ctx, campaignId, fight, key)] }),
      );
      ctx.store.setFight(interaction.channelId, { ...fight, messageId: posted.id });
    }
    await interaction.reply(
      fit({
        content: `The fight is on (${SYSTEM_NAMES[system]}). Your view, with every number:`,
        embeds: [await renderFight(ctx, campaignId, fight, link.key)],
        flags: EPHEMERAL,
      }),
    );
    return;
  }
  const fight = fightHere(ctx, interaction);
  if (sub === 'next') {
    const next = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/combats/{combatId}/rounds', {
        params: { path: { campaignId, combatId: fight.combatId } },
      }),
    );
    await refreshTracker(ctx, interaction);
    const morale = next.morale.map(
      (m) =>
        `${m.side}: morale ${m.passed ? 'holds' : 'breaks'}${m.fled.length ? ` (${m.fled.length} flee)` : ''}`,
    );
    await interaction.reply(
      privately(`Round ${next.round}.${morale.length ? ` ${morale.join('; ')}.` : ''}`),
    );
    return;
  }
  if (sub === 'end') {
    await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/combats/{combatId}/end', {
        params: { path: { campaignId, combatId: fight.combatId } },
      }),
    );
    await refreshTracker(ctx, interaction);
    ctx.store.setFight(interaction.channelId!, null);
    await interaction.reply({ content: '🏁 The fight is over. Rest with `/rest kind:short`.' });
    return;
  }
  throw new BotRefusal(`Unknown /fight ${sub}.`);
}

// ------------------------------------------------------------------------------------ /attack, /cast

const DIE = /\bd(4|6|8|10|12)\b/i;
const DICE = /\d*d\d+([+-]\d+)?/i;

type ActionInput = components['schemas']['CombatActionInput'];
type ActionResult = components['schemas']['CombatActionResult'];

/** Where an attack's lines go: the table's (public) and the referee's alone (sealed numbers). */
interface Voices {
  table(payload: ReplyPayload): Promise<unknown>;
  referee(payload: ReplyPayload): Promise<unknown>;
}

/** An attack ready to send: the body, and the body without `weapon` for an Arbiter without it. */
interface AttackPlan {
  campaignId: string;
  combatId: string;
  system: CombatSystem;
  key: string;
  byReferee: boolean;
  actor: Named;
  target: Named;
  /** How the table hears the weapon ("Longsword", "d8", "Fighter"). */
  weaponLabel: string;
  body: ActionInput;
  /** Today's body (a die or a skill) for when Arbiter refuses `weapon` (400/422 naming it). */
  fallback: (() => ActionInput) | null;
}

/** Whether a refusal is about the `weapon` field (an Arbiter that does not take weapons by name). */
export function refusesWeapon(error: unknown): boolean {
  return (
    error instanceof ArbiterProblem &&
    (error.status === 400 || error.status === 422) &&
    error.errors.some((e) => /(^|\.)weapon$/.test(e.field))
  );
}

/**
 * The system's part of an attack from what the user typed and the attacker's sheet: a weapon on the
 * sheet goes by name (`weapon`), with today's die or skill as the fallback; anything else is read
 * as today (Cairn's die, COEAC's skill, G&M's dice).
 */
export function weaponPlan(
  system: CombatSystem,
  typed: string | null,
  weapons: SheetWeapon[],
): {
  label: string;
  part: ActionInput['cairn'] | ActionInput['coeac'] | ActionInput['gm'];
  fallback: (() => ActionInput['cairn'] | ActionInput['coeac'] | ActionInput['gm']) | null;
} {
  const wanted = typed?.toLocaleLowerCase();
  const onSheet = wanted ? weapons.find((w) => w.name.toLocaleLowerCase() === wanted) : weapons[0];
  const today = (from: string | undefined, label: string) => {
    if (system === 'cairn') {
      const die = from ? DIE.exec(from) : null;
      if (!die)
        throw new BotRefusal(
          `Name the weapon’s die: \`weapon:d8\`${onSheet ? ` (this Arbiter does not take weapons by name, and the sheet gives no die for ${label})` : ''}.`,
        );
      return { die: `d${die[1]}` as 'd8' };
    }
    if (system === 'coeac') return from ? { skill: from } : {};
    const dice = from ? DICE.exec(from) : null;
    return dice ? { weapon: dice[0] } : from && !onSheet ? { weapon: from } : {};
  };
  if (onSheet) {
    const old = system === 'coeac' ? onSheet.skill : onSheet.dice;
    return {
      label: onSheet.name,
      part: { weapon: onSheet.name } as never,
      fallback: () => today(old, onSheet.name),
    };
  }
  return { label: typed ?? 'their weapon', part: today(typed ?? undefined, typed ?? ''), fallback: null };
}

/**
 * `/attack [weapon] target [as] [block] [with]` in the channel's fight: the asker's character (or,
 * for the referee, the combatant named in `as`) attacks with the user's key. The weapon is one on
 * the attacker's sheet by name (autocompleted), or today's die (Cairn "d8"), skill (COEAC "Fighter")
 * or dice (G&M "d8"). A choice the API leaves to a player is offered as buttons first: the COEAC
 * defender's Block when the referee attacks a player's character, G&M mojo bids on a group attack.
 */
export async function fightAttack(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const fight = fightHere(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const typed = opt(interaction, 'weapon');
  const actor = await subjectOf(arbiter, campaignId, link, opt(interaction, 'as'));
  const targetName = opt(interaction, 'target');
  if (!targetName) throw new BotRefusal('Name the target: `target:Goblin`.');
  const target = await findByName(arbiter, campaignId, targetName);
  const actorOwner = await readOwner(arbiter, campaignId, actor);
  const named = { ...actor, name: actorOwner.name };
  const weapons = weaponsOf((actorOwner.sheets?.[fight.system] ?? null) as Sheet | null);
  const weapon = weaponPlan(fight.system, typed, weapons);
  const body: ActionInput = { actor: actor.id, kind: 'attack', targets: [target.id] };
  const withPart = (part: unknown): ActionInput => {
    const b: ActionInput = { ...body, ...(fight.system === 'coeac' ? { kind: 'exchange' } : {}) };
    (b as Record<string, unknown>)[fight.system] = {
      ...((body as Record<string, unknown>)[fight.system] as object),
      ...(part as object),
    };
    return b;
  };
  const block = opt(interaction, 'block');
  if (block) {
    if (fight.system !== 'coeac') throw new BotRefusal('Blocks are COEAC’s.');
    body.coeac = { blocks: [{ id: actor.id, with: block as 'armor' }] };
  }
  const members = (opt(interaction, 'with') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (members.length) {
    if (fight.system !== 'gm') throw new BotRefusal('Group attacks (`with:`) are G&M’s.');
    body.gm = { members };
  }
  const plan: AttackPlan = {
    campaignId,
    combatId: fight.combatId,
    system: fight.system,
    key: link.key,
    byReferee: link.role === 'referee',
    actor: named,
    target,
    weaponLabel: weapon.label,
    body: withPart(weapon.part),
    fallback: weapon.fallback ? () => withPart(weapon.fallback!()) : null,
  };
  const voices: Voices = {
    table: (p) => interaction.reply(p),
    referee: (p) => interaction.reply(privately(p.content ?? '')),
  };
  if (fight.system === 'coeac' && !block && (await offerBlock(ctx, interaction, plan, voices))) return;
  if (fight.system === 'gm' && members.length && (await offerMojo(ctx, interaction, plan, members, voices)))
    return;
  await runAttack(ctx, interaction, plan, voices);
}

/** Sends the attack (again without `weapon` when Arbiter refuses it) and says what came of it. */
async function runAttack(
  ctx: BotContext,
  interaction: CommandInteraction,
  plan: AttackPlan,
  voices: Voices,
  extra?: (body: ActionInput) => ActionInput,
): Promise<void> {
  const arbiter = client(ctx, plan.key);
  const send = (body: ActionInput) =>
    unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/combats/{combatId}/actions', {
        params: { path: { campaignId: plan.campaignId, combatId: plan.combatId } },
        body: extra ? extra(body) : body,
      }),
    );
  let done: ActionResult;
  try {
    done = await send(plan.body);
  } catch (error) {
    if (!plan.fallback || !refusesWeapon(error)) throw error;
    done = await send(plan.fallback());
  }
  const { shared, details } = attackLines(plan, done);
  await voices.table({ content: fitLines(shared) });
  // A sealed action answered in full (the referee's key): the numbers go to the referee alone.
  if (details.length) await voices.referee({ content: fitLines(['🤫 Sealed for the players:', ...details]) });
  await refreshTracker(ctx, interaction);
  // A G&M character knocked unconscious: its player may spend 1 mojo to come to.
  if (plan.system === 'gm')
    await offerComeTo(ctx, interaction, plan.campaignId, plan.key, done, () =>
      refreshTracker(ctx, interaction),
    );
}

/** What the table reads of an attack and what only the referee reads. */
export function attackLines(
  plan: Pick<AttackPlan, 'actor' | 'target' | 'weaponLabel' | 'byReferee'>,
  done: ActionResult,
): { shared: string[]; details: string[] } {
  const { actor, target } = plan;
  const head = `⚔️ **${actor.name}** attacks **${target.name}** with ${plan.weaponLabel}.`;
  const dice = diceLines(plan, done);
  const events = eventsOf(done);
  if (events.length === 0) return ownWords(plan, done, head, dice);
  // What the blow did, in Arbiter's words (its events tell harm, not the roll: the dice line
  // stays). A player's key gets only what a player may read, so its events are the table's. The
  // referee's key reads every number: of a sealed action the table reads what happened to
  // characters (their sheets are the table's), the referee the dice and the rest.
  const texts = events.map((e) => e.text);
  if (!done.sealed) return { shared: [head, ...dice, ...texts], details: [] };
  if (!plan.byReferee) return { shared: [head, ...texts], details: [] };
  const character = (e: { ownerId?: string }) =>
    (e.ownerId === actor.id && actor.kind === 'character') ||
    (e.ownerId === target.id && target.kind === 'character');
  const shared = events.filter(character).map((e) => e.text);
  const details = [...dice, ...events.filter((e) => !character(e)).map((e) => e.text)];
  return {
    shared: [
      head,
      ...(shared.length || details.length
        ? shared
        : ['The dice are sealed: the referee tells what came of it.']),
    ],
    details,
  };
}

/** The roll of an attack in one line per system (no harm: that is the events' or `harmWords`). */
function diceLines(plan: Pick<AttackPlan, 'actor' | 'target'>, done: ActionResult): string[] {
  const { actor, target } = plan;
  const dice: string[] = [];
  if (done.coeac?.exchange) {
    const x = done.coeac.exchange;
    dice.push(
      `${x.attacker.successes} successes to ${x.defender.successes}: ${x.winner === 'attacker' ? `${actor.name} wins` : x.winner === 'defender' ? `${target.name} wins` : 'a tie'}.`,
    );
  }
  const gmAttack = done.gm?.attack;
  if (gmAttack)
    dice.push(
      `d20 ${gmAttack.roll} against ${gmAttack.target}: ${gmAttack.hit ? `a hit for ${gmAttack.damage} (${gmAttack.damageDice})` : 'a miss'}.`,
    );
  const cairnTarget = done.cairn?.attack?.targets[0];
  if (cairnTarget)
    dice.push(`Rolled ${cairnTarget.rolls.map((r) => String(r.face)).join(', ')}, kept ${cairnTarget.kept}.`);
  return dice;
}

/** An attack in the bot's own words from the answer's numbers (an answer without the action's events). */
function ownWords(
  plan: Pick<AttackPlan, 'actor' | 'target'>,
  done: ActionResult,
  head: string,
  dice: string[],
): { shared: string[]; details: string[] } {
  const { actor, target } = plan;
  const names = new Map([
    [actor.id, { name: actor.name, kind: actor.kind }],
    [target.id, { name: target.name, kind: target.kind }],
  ]);
  // What everyone may read: the harm to characters (their sheets are the table's). The dice, and
  // anything about an NPC, are public only when the action is not sealed.
  const shared: string[] = [head];
  const details: string[] = [];
  const harms = done.targets.flatMap((t) => {
    const who = names.get(t.id);
    if (!t.damage) return [];
    // The harm's own events (the engine's damage answer) when it has them, else the bot's words.
    const said = eventTexts(t.damage);
    return [
      { npc: who?.kind === 'npc', lines: said.length ? said : harmWords(who?.name ?? 'Someone', t.damage) },
    ];
  });
  if (done.sealed) {
    details.push(...dice, ...harms.filter((h) => h.npc).flatMap((h) => h.lines));
    shared.push(...harms.filter((h) => !h.npc).flatMap((h) => h.lines));
    if (details.length === 0 && shared.length === 1)
      shared.push('The dice are sealed: the referee tells what came of it.');
  } else {
    shared.push(...dice, ...harms.flatMap((h) => h.lines));
  }
  return { shared, details };
}

/**
 * Whose sheet an autocomplete lists: the asker's own character, or for the referee the character or
 * NPC named in `option` (`as`, `who`); null when the server is not set up, the asker is not linked or
 * nobody is meant. The client carries the asker's key.
 */
async function autocompleteSubject(
  ctx: BotContext,
  request: AutocompleteRequest,
  option: 'as' | 'who',
): Promise<{ arbiter: ReturnType<typeof client>; campaignId: string; who: Named } | null> {
  const campaignId = request.guildId ? ctx.store.campaignFor(request.guildId) : null;
  const link = request.guildId ? ctx.store.playerFor(request.guildId, request.user.id) : null;
  if (!campaignId || !link) return null;
  const arbiter = client(ctx, link.key);
  const named = request.options.getString(option)?.trim();
  const who: Named | null =
    named && link.role === 'referee'
      ? await findByName(arbiter, campaignId, named)
      : link.characterId
        ? { kind: 'character', id: link.characterId, name: '' }
        : null;
  return who ? { arbiter, campaignId, who } : null;
}

/**
 * `/attack weapon` autocomplete: the weapons on the attacker's sheet (the asker's character, or for
 * the referee the one named in `as`), in the channel's fight's system; Discord takes 25 at most.
 */
export async function weaponChoices(
  ctx: BotContext,
  request: AutocompleteRequest,
): Promise<Array<{ name: string; value: string }>> {
  const subject = await autocompleteSubject(ctx, request, 'as');
  if (!subject) return [];
  const { arbiter, campaignId, who } = subject;
  const owner = await readOwner(arbiter, campaignId, who);
  const fight = request.channelId ? ctx.store.fightIn(request.channelId) : null;
  const system = fight?.system ?? systemsOf(owner.sheets)[0];
  if (!system) return [];
  const typed = request.options.getFocused().value.trim().toLocaleLowerCase();
  return weaponsOf((owner.sheets?.[system] ?? null) as Sheet | null)
    .filter((w) => w.name.toLocaleLowerCase().includes(typed))
    .slice(0, 25)
    .map((w) => ({
      name: `${w.name}${w.dice ? ` (${w.dice})` : w.skill ? ` (${w.skill})` : ''}`.slice(0, 100),
      value: w.name.slice(0, 100),
    }));
}

// ------------------------------------------------------------------ a player's choices, as buttons

const mention = (userId: string) => `<@${userId}>`;

/**
 * COEAC: the referee's attack on a character whose player is linked here and whose sheet has
 * armour or a shield to Block with. The defender chooses (only that player may press): Block with
 * the armour, with the shield, or take the blow; then the attack is sent with the referee's key.
 */
async function offerBlock(
  ctx: BotContext,
  interaction: CommandInteraction,
  plan: AttackPlan,
  voices: Voices,
): Promise<boolean> {
  if (!plan.byReferee || plan.target.kind !== 'character' || !interaction.guildId) return false;
  const players = ctx.store.playersOf(interaction.guildId, plan.target.id);
  if (players.length === 0) return false;
  const sheet = (await readOwner(client(ctx, plan.key), plan.campaignId, plan.target)).sheets?.coeac as
    Sheet | undefined;
  const ways = blockWays(sheet);
  if (ways.length === 0) return false;
  const target = plan.target;
  const id = offer(ctx, {
    mayPress: (userId) =>
      players.includes(userId) ? true : `Only ${target.name}’s player chooses whether ${target.name} Blocks.`,
    press: async (press, option) => {
      await press.defer?.();
      const blocks =
        option === 'armor' || option === 'shield' ? [{ id: target.id, with: option as 'armor' }] : [];
      await runAttack(
        ctx,
        interaction,
        plan,
        {
          table: (p) => press.update({ ...p, components: [] }),
          referee: voices.referee,
        },
        (body) => (blocks.length ? { ...body, coeac: { ...body.coeac, blocks } } : body),
      );
      return true;
    },
  });
  const words = { armor: 'Block with armour', shield: 'Block with shield' } as const;
  await interaction.reply(
    fit({
      content: `⚔️ **${plan.actor.name}** attacks **${target.name}** with ${plan.weaponLabel}. ${players.map(mention).join(' ')}: does ${target.name} Block?`,
      components: [
        row(...ways.map((w) => button(id, w, words[w], 1)), button(id, 'none', 'Take the blow', 2)),
      ],
    }),
  );
  return true;
}

/**
 * The ways a COEAC sheet can Block today: worn armour or a carried shield with a use left
 * (`armor.blockUses` counts both; the shield's part is `shieldBlockUses`, else its one use when the
 * armour's own uses leave one over, as Arbiter reads it).
 */
export function blockWays(sheet: Sheet | null | undefined): Array<'armor' | 'shield'> {
  const armor = (sheet?.armor ?? {}) as {
    kind?: string;
    shield?: boolean;
    blockUses?: number;
    shieldBlockUses?: number;
  };
  const total = typeof armor.blockUses === 'number' ? armor.blockUses : 0;
  const own = armor.kind === 'light' ? 1 : armor.kind === 'heavy' ? 2 : 0;
  const shield = !armor.shield
    ? 0
    : typeof armor.shieldBlockUses === 'number'
      ? Math.min(armor.shieldBlockUses, total)
      : Math.min(1, Math.max(0, total - own));
  const ways: Array<'armor' | 'shield'> = [];
  if (armor.kind && armor.kind !== 'none' && total - shield > 0) ways.push('armor');
  if (shield > 0) ways.push('shield');
  return ways;
}

/**
 * G&M group attack: each member who is a character holding mojo, and whose player is linked here,
 * may stand a bid (G4: taken in order on a miss, only what the miss needs is lost). Each bids
 * with the buttons on their own row (only they may press them); the attack is rolled when every
 * one has answered, or when the one who called it presses "Roll now".
 */
async function offerMojo(
  ctx: BotContext,
  interaction: CommandInteraction,
  plan: AttackPlan,
  members: string[],
  voices: Voices,
): Promise<boolean> {
  if (!interaction.guildId) return false;
  const arbiter = client(ctx, plan.key);
  const everyone = [
    plan.actor,
    ...(await Promise.all(members.map((m) => findByName(arbiter, plan.campaignId, m)))),
  ];
  const bidders: Array<{ who: Named; users: string[]; held: number }> = [];
  for (const who of everyone) {
    if (who.kind !== 'character') continue;
    const users = ctx.store.playersOf(interaction.guildId, who.id);
    const sheet = (await readOwner(arbiter, plan.campaignId, who)).sheets?.gm as Sheet | undefined;
    const held = (sheet?.mojo as { current?: number } | undefined)?.current ?? 0;
    if (users.length && held > 0) bidders.push({ who, users, held });
  }
  if (bidders.length === 0) return false;
  const shown = bidders.slice(0, 4); // four rows of bids and the row to roll: Discord's five rows
  const bids = new Map<string, number>();
  const asker = interaction.user.id;
  let rolled = false;
  const id = offer(ctx, {
    mayPress: (userId, option) => {
      if (option === 'roll') return userId === asker ? true : 'Only the one who called the attack rolls it.';
      const bidder = shown.find((b) => option.startsWith(`${b.who.id}=`));
      if (!bidder) return 'That bid is no longer open.';
      return bidder.users.includes(userId) ? true : `Only ${bidder.who.name}’s player bids their mojo.`;
    },
    press: async (press, option) => {
      if (option !== 'roll') {
        const [who, amount] = option.split('=');
        bids.set(who, Number(amount));
        if (bids.size < shown.length) {
          await press.update(mojoPrompt());
          return false;
        }
      }
      if (rolled) return true;
      rolled = true;
      await press.defer?.();
      const mojo = shown
        .filter((b) => (bids.get(b.who.id) ?? 0) > 0)
        .map((b) => ({ member: b.who.id, bid: bids.get(b.who.id)! }));
      await runAttack(
        ctx,
        interaction,
        plan,
        { table: (p) => press.update({ ...p, components: [] }), referee: voices.referee },
        (body) => (mojo.length ? { ...body, gm: { ...body.gm, mojo } } : body),
      );
      return true;
    },
  });
  const mojoPrompt = (): ReplyPayload => ({
    content:
      `⚔️ **${plan.actor.name}** leads a group attack on **${plan.target.name}** with ${plan.weaponLabel}. ` +
      `Mojo bids stand against a miss (only what the miss needs is lost): ` +
      shown
        .map(
          (b) =>
            `${mention(b.users[0])} for ${b.who.name} (${b.held} held)${bids.has(b.who.id) ? `: ${bids.get(b.who.id) ? `bids ${bids.get(b.who.id)}` : 'no bid'}` : ''}`,
        )
        .join('; ') +
      '.',
    components: [
      ...shown
        .filter((b) => !bids.has(b.who.id))
        .map((b) =>
          row(
            ...Array.from({ length: Math.min(b.held, 4) }, (_, i) =>
              button(id, `${b.who.id}=${i + 1}`, `${b.who.name}: bid ${i + 1}`, 1),
            ),
            button(id, `${b.who.id}=0`, `${b.who.name}: no bid`, 2),
          ),
        ),
      row(button(id, 'roll', 'Roll now', 3)),
    ],
  });
  await interaction.reply(fit(mojoPrompt()));
  return true;
}

/**
 * `/cast spell` from the caster's sheet: a COEAC cast, a Cairn spellbook or scroll carried, a G&M
 * memorized spell (where this Arbiter has the route); Archsoul has no spellcasting.
 */
export async function sheetCast(
  ctx: BotContext,
  interaction: CommandInteraction,
  spell: string,
): Promise<void> {
  const { campaignId, arbiter, who, owner } = await actingCharacter(
    ctx,
    interaction,
    'as',
    'Only characters cast from a sheet here.',
  );
  const system = systemFor(owner.name, owner.sheets, opt(interaction, 'system'));
  const lines: string[] = [];
  if (system === 'coeac') {
    const cast = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/coeac-casts', {
        params: { path: { campaignId, characterId: who.id } },
        body: { spell: spellKey(spell) },
      }),
    );
    const c = cast.channeling;
    // The channeling always; what it did to the caster in the engine's events (only harm is an
    // event: an answer without them gets the bot's own backlash words).
    lines.push(
      `✨ **${owner.name}** channels ${c.spell?.name ?? spell}: ${c.dice} dice [${c.faces.join(', ')}] → Potency ${c.potency}.`,
    );
    const events = eventTexts(cast);
    if (events.length) lines.push(...events);
    else
      lines.push(
        c.backlash.happened ? `Backlash: ${owner.name} takes ${c.backlash.damage}.` : 'No backlash.',
      );
    // The sheet's changes no event tells (the spell's use of its class resource; HP when no event
    // says the harm).
    const told = new Set((cast.events ?? []).map((e) => e.path).filter((p): p is string => Boolean(p)));
    const harmed = (cast.events ?? []).some((e) => e.type === 'damaged');
    for (const ch of cast.changes)
      if (!told.has(ch.field) && !(harmed && ch.field === 'hp'))
        lines.push(`${owner.name}: ${ch.field} → ${ch.after}.`);
  } else if (system === 'cairn') {
    const magic = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn', {
        params: { path: { campaignId, characterId: who.id } },
      }),
    );
    const wanted = spell.toLocaleLowerCase();
    const item = magic.items.find(
      (i) => i.name.toLocaleLowerCase() === wanted || i.spell?.name.toLocaleLowerCase() === wanted,
    );
    if (!item) throw new BotRefusal(`${owner.name} carries no spellbook, scroll or relic called “${spell}”.`);
    const cast = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn/casts', {
        params: { path: { campaignId, characterId: who.id } },
        body: { itemId: item.itemId },
      }),
    );
    // The cast always; what it did to the caster in the engine's events when the answer has them
    // (its Fatigue), else the bot's own words; a failure or the book's loss in the bot's words.
    lines.push(
      `✨ **${owner.name}** casts ${item.spell?.name ?? item.name}${cast.consumed ? ' (the scroll is spent)' : ''}.`,
    );
    if (eventTexts(cast).length) lines.push(...eventTexts(cast));
    else if (cast.fatigue.total > 0)
      lines.push(`${owner.name} takes ${cast.fatigue.total} Fatigue (an inventory slot each).`);
    if (cast.failure) lines.push('The casting goes wrong: the referee tells how.');
    if (cast.destroyed) lines.push('The book crumbles to dust.');
  } else if (system === 'gm') {
    const target = opt(interaction, 'target') ?? undefined;
    const cast = await gmCast(arbiter, campaignId, who.id, spell.trim(), target);
    if (cast === null)
      throw new BotRefusal(
        'This Arbiter has no Gods & Monsters casting yet (it does not know the G&M cast route): nothing was cast.',
      );
    if (eventTexts(cast).length) lines.push(...eventTexts(cast));
    else
      lines.push(
        `✨ **${owner.name}** casts ${cast.spell} (level ${cast.level})${cast.target ? ` on ${cast.target}` : ''}.`,
      );
  } else {
    throw new BotRefusal(ARCHSOUL_NO_CASTING);
  }
  await interaction.reply({ content: fitLines(lines) });
  await refreshTracker(ctx, interaction);
}

/** Archsoul's rules (its rule document) have no spellcasting, so the bot has nothing to send. */
export const ARCHSOUL_NO_CASTING =
  'Archsoul has no spellcasting: its rules have no spells to cast, so there is nothing to roll.';

/** The G&M campaign cast route: a memorized spell cast by name from the character's sheet. */
export const GM_CAST_PATH = '/v1/campaigns/{campaignId}/characters/{characterId}/gm-casts';

export type GmCast = components['schemas']['GmCastResult'];

/**
 * A G&M cast (`POST …/gm-casts {spell, target?}`), or null when this Arbiter has no such route (a 404
 * for the route itself: "No such route.", or a 404 that is not Arbiter's problem+json: an older
 * server). Any other refusal (not memorised, already cast, above level less injuries: 422 naming
 * `spell`; surprised, down or dead: 409 naming `characterId`) is raised as Arbiter's.
 */
export async function gmCast(
  arbiter: ArbiterClient,
  campaignId: string,
  characterId: string,
  spell: string,
  target?: string,
): Promise<GmCast | null> {
  try {
    return await unwrap(
      arbiter.POST(GM_CAST_PATH, {
        params: { path: { campaignId, characterId } },
        body: { spell, ...(target ? { target } : {}) },
      }),
    );
  } catch (error) {
    if (isMissingRoute(error)) return null;
    throw error;
  }
}

/** A 404 for the route itself (not for a thing the route looked for). */
export function isMissingRoute(error: unknown): boolean {
  return (
    error instanceof ArbiterProblem &&
    error.status === 404 &&
    (error.detail === 'No such route.' || error.code === 'HTTP_404')
  );
}

/**
 * `/cast spell` as the user types: the spells the caster's sheet lists. COEAC: the class resources
 * named by a catalogue spell (the spells learnt), with what is left of each today; Cairn: the
 * spellbooks, scrolls and relics carried; G&M: the memorised spells not yet cast (with their level
 * and, when several slots hold one, how many are left). Archsoul has no spells.
 */
export async function spellChoices(
  ctx: BotContext,
  request: AutocompleteRequest,
): Promise<Array<{ name: string; value: string }>> {
  const subject = await autocompleteSubject(ctx, request, 'as');
  if (!subject) return [];
  const { arbiter, campaignId, who } = subject;
  if (who.kind !== 'character') return [];
  const owner = await readOwner(arbiter, campaignId, who);
  const asked = request.options.getString('system')?.trim().toLowerCase();
  const systems = systemsOf(owner.sheets).filter((s) => s === 'coeac' || s === 'cairn' || s === 'gm');
  const system = asked ? systems.find((s) => s === asked) : systems[0];
  const typed = request.options.getFocused().value.trim().toLocaleLowerCase();
  let choices: Array<{ name: string; value: string }> = [];
  if (system === 'coeac') {
    const sheet = (owner.sheets?.coeac ?? {}) as Sheet;
    const resources = (sheet.classResources ?? {}) as Record<string, { current?: number; max?: number }>;
    const catalogue = await coeacCatalogue(arbiter);
    choices = Object.entries(resources).flatMap(([key, value]) => {
      const spell = catalogue.find(
        (s) => s.id === key.toLowerCase() || s.name.toLocaleLowerCase() === key.toLocaleLowerCase(),
      );
      if (!spell) return [];
      const left = typeof value?.current === 'number' ? ` (${value.current}/${value.max ?? '?'} today)` : '';
      return [{ name: `${spell.name}${left}`, value: spell.name }];
    });
  } else if (system === 'cairn') {
    const magic = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}/magic/cairn', {
        params: { path: { campaignId, characterId: who.id } },
      }),
    );
    choices = magic.items.map((i) => {
      const spell = i.spell?.name ?? i.name;
      const charges = i.charges === null ? '' : `, ${i.charges}/${i.maxCharges ?? '?'} charges`;
      return { name: `${spell} (${i.kind}${charges})`, value: spell };
    });
  } else if (system === 'gm') {
    choices = gmSpellChoices((owner.sheets?.gm ?? {}) as Sheet);
  }
  return choices
    .filter((c) => c.name.toLocaleLowerCase().includes(typed))
    .slice(0, 25)
    .map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) }));
}

/** The G&M memorised spells not yet cast, once each in the sheet's order: `Sleepfall (level 1)`. */
export function gmSpellChoices(sheet: Sheet): Array<{ name: string; value: string }> {
  const slots = Array.isArray(sheet.memorizedSpells) ? (sheet.memorizedSpells as unknown[]) : [];
  const left = new Map<string, { name: string; level: number | null; count: number }>();
  for (const slot of slots) {
    const s = (slot ?? {}) as { name?: unknown; level?: unknown; cast?: unknown };
    if (typeof s.name !== 'string' || s.cast === true) continue;
    const key = s.name.toLocaleLowerCase();
    const seen = left.get(key);
    if (seen) seen.count++;
    else left.set(key, { name: s.name, level: typeof s.level === 'number' ? s.level : null, count: 1 });
  }
  return [...left.values()].map((s) => ({
    name: `${s.name} (${s.level === null ? 'level ?' : `level ${s.level}`}${s.count > 1 ? `, ${s.count} memorised` : ''})`,
    value: s.name,
  }));
}

/**
 * `/check specialty` as the user types: the specialties of the G&M sheet of whom the check is for
 * (the player's character, or the referee's `who:`), with the bonus each gives.
 */
export async function specialtyChoices(
  ctx: BotContext,
  request: AutocompleteRequest,
): Promise<Array<{ name: string; value: string }>> {
  const subject = await autocompleteSubject(ctx, request, 'who');
  if (!subject) return [];
  const { arbiter, campaignId, who } = subject;
  const sheet = ((await readOwner(arbiter, campaignId, who)).sheets?.gm ?? {}) as Sheet;
  const typed = request.options.getFocused().value.trim().toLocaleLowerCase();
  const list = Array.isArray(sheet.specialties) ? (sheet.specialties as unknown[]) : [];
  return list
    .map((entry) => (entry ?? {}) as { name?: unknown; bonus?: unknown })
    .filter((e): e is { name: string; bonus?: unknown } => typeof e.name === 'string')
    .map((e) => {
      const bonus = typeof e.bonus === 'number' ? e.bonus : 0;
      return { name: `${e.name} (+${bonus})`, value: e.name };
    })
    .filter((c) => c.name.toLocaleLowerCase().includes(typed))
    .slice(0, 25)
    .map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) }));
}

/** COEAC's spell catalogue (ids and names), page by page. */
async function coeacCatalogue(arbiter: ArbiterClient): Promise<Array<{ id: string; name: string }>> {
  const all: Array<{ id: string; name: string }> = [];
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const list = await unwrap(
      arbiter.GET('/v1/magic/coeac/spells', {
        params: { query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    all.push(...list.items.map((s) => ({ id: s.id, name: s.name })));
    if (!list.next) break;
    after = list.next;
  }
  return all;
}

const spellKey = (typed: string) =>
  typed
    .trim()
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const SESSION_HANDLERS: Record<string, Handler> = {
  character,
  npc,
  check,
  rest,
  fight: fightCommand,
};

/** Commands that may take longer than Discord's 3 seconds, and whether their answer is private. */
export function deferral(interaction: CommandInteraction): { ephemeral: boolean } | null {
  const sub = (() => {
    try {
      return interaction.options.getSubcommand(false);
    } catch {
      return null;
    }
  })();
  switch (interaction.commandName) {
    case 'npc':
      return { ephemeral: true };
    case 'character':
      return { ephemeral: sub !== 'show' };
    case 'check':
      return { ephemeral: interaction.options.getBoolean('secret') === true };
    case 'fight':
      return { ephemeral: sub !== 'end' };
    case 'rest':
    case 'aid':
    case 'last-effort':
      return { ephemeral: false };

    case 'attack':
    case 'cast':
      return interaction.options.getInteger('pool') === null ? { ephemeral: false } : null;
    default:
      return null;
  }
}

export type { ReplyPayload };
