import { unwrap, type ArbiterClient, type components } from '@arbiter/client';
import {
  BotRefusal,
  campaignOf,
  characterOf,
  client,
  EPHEMERAL,
  fit,
  playerOf,
  privately,
  refereeOf,
  type BotContext,
  type CommandInteraction,
  type Embed,
  type Handler,
  type ReplyPayload,
} from './common';
import { findByName, listNamed, pick, type Named } from './names';
import {
  setPath,
  sheetEmbed,
  stateOf,
  stateWords,
  SYSTEM_NAMES,
  systemFor,
  systemsOf,
  type System,
} from './sheets';
import type { FightLink, PlayerLink } from './store';
import { checkWords, harmWords, restWords } from './words';

type Character = components['schemas']['Character'];
type Npc = components['schemas']['Npc'];
type Sheet = Record<string, unknown>;
type CombatSystem = FightLink['system'];

const opt = (i: CommandInteraction, name: string) => i.options.getString(name)?.trim() || null;

/** A character or NPC as the given key reads it (404 for an NPC it may not see). */
async function readOwner(
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
async function subjectOf(
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
  const sheet = setPath(current, field, value);
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
    case 'gm':
      if (reaction) body.reaction = reaction;
      else if (attribute ?? save) body.attribute = (attribute ?? save)!;
      else
        throw new BotRefusal('Name a reaction (`reaction:fortitude`) or an ability (`attribute:strength`).');
      if (modifier !== null) body.modifier = modifier;
      break;
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
}

// --------------------------------------------------------------------------------------------- /rest

async function rest(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const who = await subjectOf(arbiter, campaignId, link, opt(interaction, 'who'));
  if (who.kind !== 'character') throw new BotRefusal('`/rest` is for characters.');
  const owner = await readOwner(arbiter, campaignId, who);
  const system = systemFor(owner.name, owner.sheets, opt(interaction, 'system'));
  const kind = interaction.options.getString('kind', true) as components['schemas']['SheetRestInput']['kind'];
  const rested = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/rests', {
      params: { path: { campaignId, characterId: who.id } },
      body: { system, kind },
    }),
  );
  await interaction.reply({ content: restWords(owner.name, rested).join('\n') });
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
async function refreshTracker(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
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
    const everyone = await listNamed(arbiter, campaignId);
    const chosen = typed.map((t) => pick(everyone, t));
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

/**
 * `/attack weapon target [as]` in the channel's fight: the asker's character (or, for the referee,
 * the combatant named in `as`) attacks with the user's key. The weapon is a die for Cairn ("d8",
 * "sword d8"), the skill for COEAC ("Fighter") and the weapon's dice for G&M ("d8").
 */
export async function fightAttack(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const fight = fightHere(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const weapon = interaction.options.getString('weapon', true)!.trim();
  const actor = await subjectOf(arbiter, campaignId, link, opt(interaction, 'as'));
  const target = await findByName(arbiter, campaignId, interaction.options.getString('target', true)!);
  const actorOwner = actor.name
    ? actor
    : { ...actor, name: (await readOwner(arbiter, campaignId, actor)).name };
  const body: components['schemas']['CombatActionInput'] = {
    actor: actor.id,
    kind: 'attack',
    targets: [target.id],
  };
  if (fight.system === 'cairn') {
    const die = DIE.exec(weapon);
    if (!die) throw new BotRefusal('Name the weapon’s die: `weapon:d8` (sheets do not hold weapons yet).');
    body.cairn = { die: `d${die[1]}` as 'd8' };
  } else if (fight.system === 'coeac') {
    body.kind = 'exchange';
    body.coeac = { skill: weapon };
  } else {
    const die = /\d*d\d+([+-]\d+)?/i.exec(weapon);
    body.gm = { weapon: die ? die[0] : weapon };
  }
  const done = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/combats/{combatId}/actions', {
      params: { path: { campaignId, combatId: fight.combatId } },
      body,
    }),
  );
  const names = new Map([
    [actor.id, { name: actorOwner.name, kind: actor.kind }],
    [target.id, { name: target.name, kind: target.kind }],
  ]);
  const head = `⚔️ **${actorOwner.name}** attacks **${target.name}** with ${weapon}.`;
  // What everyone may read: the harm to characters (their sheets are the table's). The dice, and
  // anything about an NPC, are public only when the action is not sealed.
  const shared: string[] = [head];
  const details: string[] = [];
  const dice: string[] = [];
  if (done.coeac?.exchange) {
    const x = done.coeac.exchange;
    dice.push(
      `${x.attacker.successes} successes to ${x.defender.successes}: ${x.winner === 'attacker' ? `${actorOwner.name} wins` : x.winner === 'defender' ? `${target.name} wins` : 'a tie'}.`,
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
  const harms = done.targets.flatMap((t) => {
    const who = names.get(t.id);
    return t.damage ? [{ npc: who?.kind === 'npc', lines: harmWords(who?.name ?? 'Someone', t.damage) }] : [];
  });
  if (done.sealed) {
    details.push(...dice, ...harms.filter((h) => h.npc).flatMap((h) => h.lines));
    shared.push(...harms.filter((h) => !h.npc).flatMap((h) => h.lines));
    if (details.length === 0 && shared.length === 1)
      shared.push('The dice are sealed: the referee tells what came of it.');
  } else {
    shared.push(...dice, ...harms.flatMap((h) => h.lines));
  }
  await interaction.reply({ content: shared.join('\n') });
  // A sealed action answered in full (the referee's key): the numbers go to the referee alone.
  if (details.length) await interaction.reply(privately(`🤫 Sealed for the players:\n${details.join('\n')}`));
  await refreshTracker(ctx, interaction);
}

/** `/cast spell` from the caster's sheet: a COEAC cast, or a Cairn spellbook or scroll carried. */
export async function sheetCast(
  ctx: BotContext,
  interaction: CommandInteraction,
  spell: string,
): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const who = await subjectOf(arbiter, campaignId, link, opt(interaction, 'as'));
  if (who.kind !== 'character') throw new BotRefusal('Only characters cast from a sheet here.');
  const owner = await readOwner(arbiter, campaignId, who);
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
    lines.push(
      `✨ **${owner.name}** channels ${c.spell?.name ?? spell}: ${c.dice} dice [${c.faces.join(', ')}] → Potency ${c.potency}.`,
    );
    lines.push(c.backlash.happened ? `Backlash: ${owner.name} takes ${c.backlash.damage}.` : 'No backlash.');
    for (const ch of cast.changes) lines.push(`${owner.name}: ${ch.field} → ${ch.after}.`);
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
    lines.push(
      `✨ **${owner.name}** casts ${item.spell?.name ?? item.name}${cast.consumed ? ' (the scroll is spent)' : ''}.`,
    );
    if (cast.fatigue.total > 0)
      lines.push(`${owner.name} takes ${cast.fatigue.total} Fatigue (an inventory slot each).`);
    if (cast.failure) lines.push('The casting goes wrong: the referee tells how.');
    if (cast.destroyed) lines.push('The book crumbles to dust.');
  } else {
    throw new BotRefusal(`Casting from a ${SYSTEM_NAMES[system]} sheet is not in the bot yet.`);
  }
  await interaction.reply({ content: lines.join('\n') });
  await refreshTracker(ctx, interaction);
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
      return { ephemeral: false };
    case 'attack':
    case 'cast':
      return interaction.options.getInteger('pool') === null ? { ephemeral: false } : null;
    default:
      return null;
  }
}

export type { ReplyPayload };
