import { unwrap, type ArbiterClient, type components } from '@arbiter/client';
import {
  BotRefusal,
  campaignOf,
  characterOf,
  client,
  fitLines,
  playerOf,
  type AutocompleteRequest,
  type BotContext,
  type CommandInteraction,
} from './common';
import { findByName, type Named } from './names';
import { actingCharacter, opt, readOwner, refreshTracker, subjectOf } from './session';
import { stateOf, stateWords, SYSTEM_NAMES, systemFor, systemsOf, timerWords, type System } from './sheets';
import type { PlayerLink } from './store';
import { eventTexts } from './words';

/**
 * Tending the fallen (`/aid`) and a dying G&M character's heroic last effort (`/last-effort`).
 *
 * `/aid target:<name>` does what the target's game offers to someone who tends them, through the
 * asker's key: Cairn aid (`POST …/characters/{id}/aid`: a critical character stabilised, a Mortal
 * Wound tended) and COEAC Medicine aid to a character Down and Out awaiting it
 * (`POST …/down-and-out-aid`: Medicine Ob 3, then the Down and Out table). The aider is the
 * player's own character; the referee names one with `as:`, or gives Cairn aid as the referee's
 * own call, or COEAC aid from a Medicine pool (`pool:`). Arbiter reads the aider's Medicine from its
 * COEAC sheet. Gods & Monsters and Archsoul have no aid route: said plainly, nothing sent.
 *
 * `/last-effort rating:<name> deed:<words>` is the player's own dying G&M character's one roll at
 * +level before it dies (`POST …/heroic-last-effort`); the referee names the character with `who:`.
 * The rating is an option because nothing else can know which ability or reaction the deed uses.
 */

type Sheet = Record<string, unknown>;
type CairnAid = components['schemas']['SheetAidResult'];
type MedicineAid = components['schemas']['SheetDamageResult'];
type HeroicEffort = components['schemas']['SheetHeroicEffortResult'];

const obj = (v: unknown): Sheet => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Sheet) : {});

/** The conditions on a sheet's harm (`harm.conditions`), none when it has none. */
function conditionsOf(sheet: Sheet): string[] {
  const list = obj(sheet.harm).conditions;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * What tending would do for a sheet, in a few words, or null when it needs none that Arbiter
 * offers: Cairn critical (stabilise) or an untended Mortal Wound (`out` and `dying`); COEAC Down and
 * Out awaiting aid (its Medicine failed or none was made).
 */
export function aidNeed(system: System, sheet: Sheet | null | undefined): string | null {
  if (!sheet) return null;
  const state = stateOf(sheet);
  const conditions = conditionsOf(sheet);
  if (system === 'cairn') {
    if (state === 'critical') return 'critically hurt: stabilise';
    if (state === 'out' && conditions.includes('dying')) return 'a Mortal Wound: tend it';
  }
  if (system === 'coeac' && state === 'down-and-out' && conditions.includes('awaiting-aid'))
    return 'Down and Out, awaiting aid';
  return null;
}

/** Said instead of sending anything when the target's game has no aid in Arbiter. */
export const NO_AID: Partial<Record<System, string>> = {
  gm: 'Arbiter has no Gods & Monsters aid for a fallen character: an unconscious one may spend mojo to come to (the button after the blow), a dying one may make a heroic last effort (`/last-effort`).',
  archsoul: 'Arbiter has no Archsoul aid for a fallen character: the referee tells what tending does.',
};

/** The game the aid is in: the one asked for, else the one sheet that needs it, else the only one. */
export function aidSystem(
  name: string,
  sheets: Record<string, unknown> | null | undefined,
  asked: string | null,
): System {
  const typed = sheets as Parameters<typeof systemFor>[1];
  if (asked) return systemFor(name, typed, asked);
  const needing = systemsOf(typed).filter((s) => aidNeed(s, obj(sheets?.[s])) !== null);
  if (needing.length === 1) return needing[0];
  return systemFor(name, typed, null);
}

async function aid(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const campaignId = campaignOf(ctx, interaction);
  const link = playerOf(ctx, interaction);
  const arbiter = client(ctx, link.key);
  const typed = opt(interaction, 'target');
  if (!typed) throw new BotRefusal('Name whom you tend: `target:Bryn`.');
  const target = await findByName(arbiter, campaignId, typed);
  if (target.kind !== 'character')
    throw new BotRefusal(
      `${target.name} is an NPC: Arbiter tends characters only (the referee says what becomes of an NPC).`,
    );
  const owner = await readOwner(arbiter, campaignId, target);
  const system = aidSystem(owner.name, owner.sheets, opt(interaction, 'system'));
  if (NO_AID[system]) throw new BotRefusal(NO_AID[system]!);
  const aider = await aiderOf(arbiter, campaignId, link, opt(interaction, 'as'));
  const path = { campaignId, characterId: target.id };
  let lines: string[];
  if (system === 'cairn') {
    const means = opt(interaction, 'means') ?? 'first aid';
    const done = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/aid', {
        params: { path },
        body: { means, ...(aider ? { aidedBy: aider.id } : {}) },
      }),
    );
    lines = cairnAidWords(owner.name, aider?.name ?? null, means, done);
  } else if (system === 'coeac') {
    const pool = interaction.options.getInteger('pool');
    if (!aider && pool === null)
      throw new BotRefusal(
        'Name who gives the aid (`as:Osk`: Arbiter reads their Medicine) or the Medicine pool (`pool:4`, 2 + Medicine).',
      );
    const done = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/down-and-out-aid', {
        params: { path },
        body: aider ? { aiderId: aider.id } : { medicine: { pool: pool! } },
      }),
    );
    lines = medicineAidWords(owner.name, aider?.name ?? null, done);
  } else {
    throw new BotRefusal(`Arbiter has no aid in ${SYSTEM_NAMES[system]}.`);
  }
  await interaction.reply({ content: fitLines(lines) });
  await refreshTracker(ctx, interaction);
}

/**
 * Who gives the aid: a player's own character (a player may not name another); the referee's `as:`
 * (a character), or nobody (the referee's own call).
 */
async function aiderOf(
  arbiter: ArbiterClient,
  campaignId: string,
  link: PlayerLink,
  typed: string | null,
): Promise<Named | null> {
  if (link.role === 'referee') {
    if (!typed) return null;
    const found = await findByName(arbiter, campaignId, typed);
    if (found.kind !== 'character')
      throw new BotRefusal(`${found.name} is an NPC: a character gives the aid.`);
    return found;
  }
  if (typed) await subjectOf(arbiter, campaignId, link, typed); // refuses another's character
  const id = characterOf(link);
  const mine = await unwrap(
    arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
      params: { path: { campaignId, characterId: id } },
    }),
  );
  return { kind: 'character', id, name: mine.name };
}

/** Cairn aid's answer: its events when it has them, else the bot's words for what it stopped. */
export function cairnAidWords(name: string, aider: string | null, means: string, done: CairnAid): string[] {
  const by = aider ? `**${aider}** tends **${name}**` : `**${name}** is tended`;
  const head = `🩹 ${by} (${means}).`;
  const events = eventTexts(done);
  if (events.length) return [head, ...events];
  const lines = [head];
  if (done.aided === 'critical')
    lines.push(`${name} is stabilised: no longer dying, but out of the fight until a rest.`);
  else
    lines.push(
      `${name}’s Mortal Wound is tended: the hour no longer runs, but ${name} is out of action and deprived until a week’s rest.`,
    );
  const timers = timerWords(obj(done.sheet?.sheet));
  if (timers.length) lines.push(`⏳ ${name} ${timers.join('; ')}.`);
  return lines;
}

/**
 * COEAC Medicine aid's answer: the Medicine roll and the Down and Out table (the engine's events tell
 * what they did, not the dice), then the events, else the bot's words; and, while the character
 * still awaits aid, the timer that runs.
 */
export function medicineAidWords(name: string, aider: string | null, done: MedicineAid): string[] {
  const lines = [
    `🩹 ${aider ? `**${aider}** gives **${name}** Medicine aid` : `**${name}** gets Medicine aid`}.`,
  ];
  const table = obj(obj(done.detail).downAndOut);
  const test = obj(table.aid);
  // A newer Arbiter tells the test and the table in its `aided` event: the bot adds only the faces.
  const told = (done.events ?? []).some((e) => e.type === 'aided');
  if (Array.isArray(test.faces))
    lines.push(
      told
        ? `Medicine: ${test.dice} dice [${(test.faces as number[]).join(', ')}].`
        : `Medicine: ${test.dice} dice [${(test.faces as number[]).join(', ')}] → ${test.successes} against Ob 3: ${test.passed ? 'aided' : 'not aided'}.`,
    );
  if (typeof table.roll === 'number' && !told)
    lines.push(`Down and Out table: 2d6 ${table.roll} → **${String(table.name ?? table.result)}**.`);
  const after = obj(done.sheet?.sheet);
  const waiting = done.state !== 'dead' && aidNeed('coeac', after) !== null;
  const events = eventTexts(done);
  if (events.length) lines.push(...events);
  else if (done.state === 'dead') lines.push(`💀 **${name} is dead.**`);
  else if (!waiting)
    lines.push(`${name} is aided: ${stateWords(done.state)}, no longer dying for want of aid.`);
  if (waiting) {
    const timers = timerWords(after);
    lines.push(`⏳ ${name} still awaits aid${timers.length ? `: ${timers.join('; ')}` : ''}.`);
  }
  return lines;
}

// ------------------------------------------------------------------------------------ /last-effort

async function lastEffort(ctx: BotContext, interaction: CommandInteraction): Promise<void> {
  const { campaignId, arbiter, who, owner } = await actingCharacter(
    ctx,
    interaction,
    'who',
    'The heroic last effort is a character’s.',
  );
  if (!owner.sheets?.gm)
    throw new BotRefusal(`${owner.name} has no Gods & Monsters sheet: the heroic last effort is G&M’s.`);
  const rating = interaction.options.getString('rating', true)!.trim().toLowerCase();
  const deed = interaction.options.getString('deed', true)!.trim();
  const mojo = interaction.options.getInteger('mojo') ?? 0;
  const done = await unwrap(
    arbiter.POST('/v1/campaigns/{campaignId}/characters/{characterId}/heroic-last-effort', {
      params: { path: { campaignId, characterId: who.id } },
      body: { rating, ...(mojo > 0 ? { contributions: [{ characterId: who.id, mojo }] } : {}) },
    }),
  );
  await interaction.reply({ content: fitLines(lastEffortWords(owner.name, deed, done)) });
  await refreshTracker(ctx, interaction);
}

/** A heroic last effort in lines: the deed, the roll, the mojo and experience, the death. */
export function lastEffortWords(name: string, deed: string, done: HeroicEffort): string[] {
  const events = eventTexts(done);
  const lines = [
    `⚔️ **${name}**’s heroic last effort: ${deed}`,
    `${done.rating} d20 ${done.roll} against ${done.target}: ${done.passed ? '**the deed is done**' : '**it falls short**'}.`,
  ];
  if (done.mojo > 0)
    lines.push(
      `${done.mojo} mojo behind it; ${done.experienceEach} experience to ${done.contributions.length === 1 ? 'the one' : 'each one'} who gave it.`,
    );
  if (events.length) return [...lines, ...events];
  lines.push(`💀 **${name} dies** at its end.`);
  return lines;
}

// ----------------------------------------------------------------------------------- autocomplete

/**
 * `/aid target` as the user types: the campaign's characters that need what Arbiter's aid does
 * (the asker's own character left out: nobody tends themself), each with what ails them.
 */
export async function aidChoices(
  ctx: BotContext,
  request: AutocompleteRequest,
): Promise<Array<{ name: string; value: string }>> {
  const campaignId = request.guildId ? ctx.store.campaignFor(request.guildId) : null;
  const link = request.guildId ? ctx.store.playerFor(request.guildId, request.user.id) : null;
  if (!campaignId || !link) return [];
  const arbiter = client(ctx, link.key);
  const typed = request.options.getFocused().value.trim().toLocaleLowerCase();
  const choices: Array<{ name: string; value: string }> = [];
  let after: string | undefined;
  for (let page = 0; page < 5; page++) {
    const list = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    for (const c of list.items) {
      if (c.id === link.characterId) continue;
      for (const s of systemsOf(c.sheets)) {
        const need = aidNeed(s, obj(c.sheets?.[s]));
        if (need) choices.push({ name: `${c.name} (${SYSTEM_NAMES[s]}: ${need})`, value: c.name });
      }
    }
    if (!list.next) break;
    after = list.next;
  }
  return choices
    .filter((c) => c.name.toLocaleLowerCase().includes(typed))
    .slice(0, 25)
    .map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) }));
}

export const AID_HANDLERS = { aid, 'last-effort': lastEffort };
