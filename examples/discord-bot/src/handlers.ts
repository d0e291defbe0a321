import { ArbiterNetworkError, ArbiterProblem, unwrap, type components } from '@arbiter/client';
import {
  BotRefusal,
  campaignOf,
  characterOf,
  client,
  fit,
  isEphemeral,
  percent,
  playerOf,
  privately,
  type AutocompleteRequest,
  type BotContext,
  type ButtonPress,
  type CommandInteraction,
  type Handler,
  type ReplyPayload,
} from './common';
import { AID_HANDLERS, aidChoices } from './aid';
import { advance, advanceIsPrivate } from './advance';
import { archsoulAttack, isArchsoulAttack } from './archsoul';
import { choiceFor, close } from './choices';
import { ambiguity } from './names';
import {
  deferral,
  fightAttack,
  SESSION_HANDLERS,
  sheetCast,
  specialtyChoices,
  spellChoices,
  weaponChoices,
} from './session';
import { SYSTEM_NAMES, systemsOf } from './sheets';
import type { PlayerLink } from './store';

export type { BotContext, CommandInteraction } from './common';

/**
 * The character of a money command, read with the user's key. Cash and Wealth are COEAC's: a
 * character without a COEAC sheet (a Cairn one, say) has no COEAC money, and the bot says so
 * instead of reading COEAC's columns for it.
 */
async function coeacCharacter(ctx: BotContext, campaignId: string, link: PlayerLink) {
  const characterId = characterOf(link);
  const character = await unwrap(
    client(ctx, link.key).GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
      params: { path: { campaignId, characterId } },
    }),
  );
  const systems = systemsOf(character.sheets);
  if (!systems.includes('coeac'))
    throw new BotRefusal(
      `${character.name} plays ${systems.length ? systems.map((s) => SYSTEM_NAMES[s]).join(' and ') : 'no game yet (no sheet)'}: Cash and Wealth are COEAC's, so this command does not apply.`,
    );
  return character;
}

/** A catalogue spell id from what a user types: "Death Mask" and "death mask" are `death-mask`. */
export function spellId(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type Channeling = components['schemas']['CoeacChannelingResult'];

/** One line a table reads aloud: the dice, Potency against the spell's Ob, what it costs, the odds. */
export function describeChanneling(r: Channeling): string {
  const name = r.spell ? `${r.spell.name} (${r.skill}, Ob ${r.objective})` : `Ob ${r.objective}`;
  const parts = [`✨ ${name}: ${r.dice} dice [${r.faces.join(', ')}] → Potency ${r.potency}`];
  if (r.backlash.happened) {
    parts.push(
      `**backlash**: you take ${r.backlash.damage}${r.backlash.plasmidLost ? ' and lose the spell for the day' : ''}`,
    );
  } else {
    parts.push('**no backlash**');
  }
  if (r.takesEffect && r.potency > 0) {
    const lasts =
      r.duration.amount === null
        ? r.duration.unit
        : `${r.duration.amount} ${r.duration.unit}${r.duration.amount === 1 ? '' : 's'}`;
    parts.push(`lasts ${lasts}, targets save at Ob ${r.saveObjective}`);
  }
  const save = r.mutationSave;
  if (save) {
    parts.push(
      !save.rolled || !save.roll
        ? `nothing succeeded: Ob ${save.objective} ${save.save} save against mutation owed`
        : `${save.save} save [${save.roll.faces.join(', ')}]: ${save.mutation ? '**you mutate** (the referee’s table)' : 'no mutation'}`,
    );
  }
  return (
    `${parts.join(', ')}. ` +
    `Chances: no backlash ${percent(r.odds.noBacklash)}, nothing succeeds ${percent(r.odds.zeroSuccesses)}.`
  );
}

export const HANDLERS: Record<string, Handler> = {
  ...SESSION_HANDLERS,
  ...AID_HANDLERS,
  advance,
  /** `/roll pool ob`: in the campaign (logged, with the user's key) when linked, otherwise a public roll. */
  async roll(ctx, interaction) {
    const pool = interaction.options.getInteger('pool', true) as number;
    const objective = interaction.options.getInteger('ob', true) as number;
    const campaignId = interaction.guildId ? ctx.store.campaignFor(interaction.guildId) : null;
    const link = interaction.guildId ? ctx.store.playerFor(interaction.guildId, interaction.user.id) : null;
    const result =
      campaignId && link
        ? await unwrap(
            client(ctx, link.key).POST('/v1/campaigns/{campaignId}/checks/pool', {
              params: { path: { campaignId } },
              body: { pool, objective },
            }),
          )
        : await unwrap(client(ctx).POST('/v1/checks/pool', { body: { pool, objective } }));
    const verdict = result.passed
      ? `**passed** (margin ${result.margin})`
      : `**failed** (short by ${-result.margin})`;
    await interaction.reply({
      content:
        `🎲 ${result.dice} dice vs Ob ${result.objective}: [${result.faces.join(', ')}] → ` +
        `${result.successes} success${result.successes === 1 ? '' : 'es'}, ${verdict}. ` +
        `Chance was ${percent(result.odds.success)}.` +
        (result.rollId ? ` Roll \`${result.rollId}\`` : ''),
    });
  },

  /** `/odds dice ob`: exact odds, public. */
  async odds(ctx, interaction) {
    const dice = interaction.options.getInteger('dice', true) as number;
    const objective = interaction.options.getInteger('ob', true) as number;
    const odds = await unwrap(client(ctx).GET('/v1/odds/pool', { params: { query: { dice, objective } } }));
    await interaction.reply({
      content: `Chance of at least ${objective} success${objective === 1 ? '' : 'es'} on ${dice} dice: **${percent(odds.probability)}**`,
    });
  },

  /**
   * `/attack weapon target`: an attack in the channel's fight (session.ts). `/attack pool foe
   * [plus]`: a stateless COEAC exchange (POST /v1/combat/coeac/exchanges), public.
   */
  async attack(ctx, interaction) {
    if (isArchsoulAttack(interaction)) return archsoulAttack(ctx, interaction);
    const pool = interaction.options.getInteger('pool');
    if (pool === null) return fightAttack(ctx, interaction);
    const foe = interaction.options.getInteger('foe');
    if (foe === null) throw new BotRefusal('A stateless exchange needs `foe:` (the foe’s dice).');
    const plus = interaction.options.getInteger('plus') ?? undefined;
    const r = await unwrap(
      client(ctx).POST('/v1/combat/coeac/exchanges', {
        body: { attacker: { pool, freeSuccesses: plus }, defender: { pool: foe } },
      }),
    );
    const verdict =
      r.winner === 'attacker'
        ? `**hit**: the foe takes ${r.damageToDefender}`
        : r.winner === 'defender'
          ? `**lost**: you take ${r.damageToAttacker}`
          : '**tie**: each side takes 1';
    await interaction.reply({
      content:
        `⚔️ ${r.attacker.dice} dice [${r.attacker.faces.join(', ')}] vs ${r.defender.dice} [${r.defender.faces.join(', ')}]: ` +
        `${r.attacker.successes} to ${r.defender.successes}, ${verdict}. ` +
        `Chances: win ${percent(r.odds.attackerWins)}, tie ${percent(r.odds.tie)}, loss ${percent(r.odds.defenderWins)}.`,
    });
  },

  /**
   * `/cast spell`: a cast from the character's sheet (session.ts). `/cast spell pool [vigor]`: a stateless COEAC channeling (POST /v1/magic/coeac/channelings) of a
   * catalogue spell named by id or name ("Death Mask" → `death-mask`), public.
   */
  async cast(ctx, interaction) {
    const typed = interaction.options.getString('spell', true) as string;
    const pool = interaction.options.getInteger('pool');
    // Without `pool:` the cast is the character's, from the sheet, and changes it.
    if (pool === null) return sheetCast(ctx, interaction, typed);
    const spell = spellId(typed);
    const vigor = interaction.options.getInteger('vigor') ?? undefined;
    const r = await unwrap(
      client(ctx).POST('/v1/magic/coeac/channelings', {
        body: { pool, spell, ...(vigor === undefined ? {} : { vigorPool: vigor }) },
      }),
    );
    await interaction.reply({ content: describeChanneling(r) });
  },

  /** `/buy cost wager [item]`: a purchase for the user's character. */
  async buy(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const link = playerOf(ctx, interaction);
    const characterId = (await coeacCharacter(ctx, campaignId, link)).id;
    const cost = interaction.options.getInteger('cost', true) as number;
    const wager = interaction.options.getInteger('wager', true) as number;
    const item = interaction.options.getString('item') ?? undefined;
    const bought = await unwrap(
      client(ctx, link.key).POST('/v1/campaigns/{campaignId}/characters/{characterId}/purchases', {
        params: { path: { campaignId, characterId } },
        body: { cost, wager, ...(item ? { item } : {}) },
      }),
    );
    const what = item ? `**${item}**` : `the Cost ${bought.cost} item`;
    const dice = bought.flatCost
      ? 'flat cost, no roll'
      : `[${bought.faces.join(', ')}] vs Ob ${bought.objective}`;
    await interaction.reply({
      content:
        `${bought.acquired ? '🛒 Bought' : '❌ Could not buy'} ${what} (${dice}). ` +
        `Spent ${bought.cashSpent} Cash; ${bought.character.cash} left.`,
    });
  },

  /** `/income`: the session's income roll for the user's character. */
  async income(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const link = playerOf(ctx, interaction);
    const characterId = (await coeacCharacter(ctx, campaignId, link)).id;
    const income = await unwrap(
      client(ctx, link.key).POST('/v1/campaigns/{campaignId}/characters/{characterId}/income', {
        params: { path: { campaignId, characterId } },
        body: {},
      }),
    );
    await interaction.reply({
      content: `💰 Income: [${income.faces.join(', ')}] → +${income.cashGained} Cash; now ${income.character.cash}.`,
    });
  },

  /** `/cash`: the user's COEAC character's Cash and Wealth, shown to the user only. */
  async cash(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const link = playerOf(ctx, interaction);
    const character = await coeacCharacter(ctx, campaignId, link);
    await interaction.reply(
      privately(
        `${character.name}: **${character.cash}** Cash, Wealth ${character.wealth} (${character.lifestyle}).`,
      ),
    );
  },

  /**
   * `/encounter`, referee only, always ephemeral. Calls `POST /v1/campaigns/{id}/encounter-checks`
   * when the server's OpenAPI document has it (an older Arbiter has no encounters API: it says so).
   */
  async encounter(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const link = playerOf(ctx, interaction);
    if (link.role !== 'referee') {
      await interaction.reply(privately('Only the referee may check for encounters.'));
      return;
    }
    if (!(await serverHas(ctx, ENCOUNTER_CHECKS, 'post'))) {
      await interaction.reply(
        privately(
          'Encounter checks are not available yet: this Arbiter has no encounters API (`POST /v1/campaigns/{campaignId}/encounter-checks`).',
        ),
      );
      return;
    }
    const result = await unwrap(
      client(ctx, link.key).POST(ENCOUNTER_CHECKS, { params: { path: { campaignId } }, body: {} }),
    );
    await interaction.reply(privately(`🐉 ${describeEncounter(result)}`));
  },

  /**
   * `/draw table`: draws on a campaign table found by name (any case) or id, as Arbiter addresses
   * it (an ambiguous name is refused with its candidates, to the user alone). A draw the server seals (referee-only tables) is answered to the referee
   * alone; a draw on a shared table is for everyone.
   */
  async draw(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const link = playerOf(ctx, interaction);
    const wanted = (interaction.options.getString('table', true) as string).trim();
    const arbiter = client(ctx, link.key);
    // Arbiter finds the table by name (any case) or id, among those the key may see.
    const table = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/tables/{tableId}', {
        params: { path: { campaignId, tableId: wanted } },
      }),
    ).catch((error: unknown) => {
      if (ArbiterProblem.is(error, 'NOT_FOUND'))
        throw new BotRefusal(`No table called “${wanted}” that you can see.`);
      if (ArbiterProblem.is(error, 'CONFLICT')) throw ambiguity(wanted, error);
      throw error;
    });
    const drawn = await unwrap(
      arbiter.POST('/v1/campaigns/{campaignId}/tables/{tableId}/draws', {
        params: { path: { campaignId, tableId: table.id } },
        body: {},
      }),
    );
    const line = `🎲 ${describeDraw(table.name, drawn)}`;
    await interaction.reply(drawn.secret ? privately(line) : { content: line });
  },

  /** `/link key [character]`: remembers the user's key for this server (answered privately). */
  async link(ctx, interaction) {
    const campaignId = campaignOf(ctx, interaction);
    const key = (interaction.options.getString('key', true) as string).trim();
    const characterId = interaction.options.getString('character')?.trim() || null;
    const arbiter = client(ctx, key);
    await unwrap(arbiter.GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId } } })); // the key belongs here
    // Only a referee key may list keys: that tells the referee from the others.
    const probe = await arbiter
      .GET('/v1/campaigns/{campaignId}/keys', { params: { path: { campaignId } } })
      .catch((e: unknown) => e);
    if (probe instanceof Error && !ArbiterProblem.is(probe, 'FORBIDDEN')) throw probe;
    const role = probe instanceof Error ? (characterId ? 'player' : 'viewer') : 'referee';
    let name = '';
    if (characterId) {
      const character = await unwrap(
        arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
          params: { path: { campaignId, characterId } },
        }),
      );
      name = ` playing ${character.name}`;
    }
    ctx.store.linkPlayer(interaction.guildId as string, interaction.user.id, { key, role, characterId });
    await interaction.reply(privately(`Linked: you are the ${role}${name} in this server’s campaign.`));
  },

  /** `/setup campaign`: links the Discord server to a campaign (Manage Server permission). */
  async setup(ctx, interaction) {
    if (!interaction.guildId) throw new BotRefusal('Run this in a server.');
    const campaignId = (interaction.options.getString('campaign', true) as string).trim();
    ctx.store.linkGuild(interaction.guildId, campaignId);
    await interaction.reply(
      privately(`This server now plays campaign \`${campaignId}\`. Everyone runs \`/link\` with their key.`),
    );
  },
};

const ENCOUNTER_CHECKS = '/v1/campaigns/{campaignId}/encounter-checks' as const;

/** A draw on a table, subtables followed, in one line with the chance of what came up. */
export function describeDraw(tableName: string, drawn: components['schemas']['TableDrawResult']): string {
  const path = [drawn.entry.text, ...drawn.subdraws.map((step) => step.entry.text)].join(' → ');
  return `${tableName} (${drawn.formula}): rolled ${drawn.roll} → **${path}** (${percent(drawn.odds.chain)})`;
}

/** An encounter check as the server answers it. */
type EncounterCheck = components['schemas']['EncounterCheckResult'];

/** One line a referee reads at a glance. */
export function describeEncounter(check: EncounterCheck): string {
  const head = `Encounter check (${check.scale})`;
  if (!check.checked) return `${head}: no check at this scale.`;
  if (check.result === 'none') return `${head}, rolled ${check.roll}: nothing this time.`;
  const drawn = check.entry ? ` — ${check.entry.text}` : '';
  if (check.result === 'omen') return `${head}, rolled ${check.roll}: an **omen**${drawn}.`;
  const adversary = check.adversary;
  const details = [
    // A site, hazard or weather entry has no number appearing (null): say nothing about numbers.
    check.numberAppearing ? `${check.numberAppearing.count} appear` : null,
    check.distance?.label,
    check.reaction ? `reaction: ${check.reaction.reaction}` : null,
    adversary ? `pool ${adversary.pool}, ${adversary.hp} HP each (${adversary.totalHp} in all)` : null,
    check.siteTied ? 'tied to a nearby site' : null,
    check.recurring
      ? check.recurringMember
        ? `recurring: ${check.recurringMember.name}`
        : 'a recurring face'
      : null,
  ].filter(Boolean);
  return `${head}, rolled ${check.roll}: an **encounter**${drawn}. ${details.join('; ')}. (roll ${check.rollId})`;
}

/** Whether the server's own OpenAPI document (`GET /openapi.json`) has this operation. */
async function serverHas(ctx: BotContext, path: string, method: string): Promise<boolean> {
  const doFetch = ctx.fetch ?? ((r: Request) => fetch(r));
  const response = await doFetch(new Request(`${ctx.baseUrl.replace(/\/+$/, '')}/openapi.json`));
  if (!response.ok) return false;
  const document = (await response.json()) as { paths?: Record<string, Record<string, unknown>> };
  return Boolean(document.paths?.[path]?.[method]);
}

/**
 * The interaction as handlers see it once it may have been deferred: `reply` answers the deferred
 * message (`editReply`), or, when the answer must be private and the deferral was public, removes
 * the public placeholder and answers privately (`followUp`), so refusals reach only the asker.
 */
function answering(interaction: CommandInteraction): {
  interaction: CommandInteraction;
  defer(ephemeral: boolean): Promise<void>;
  answered(): boolean;
} {
  let deferred: { ephemeral: boolean } | null = null;
  let answered = false;
  const reply = async (payload: ReplyPayload) => {
    const fitted = fit(payload);
    // A second answer to one command (the referee's private details) is a follow-up.
    if (answered && interaction.followUp) return interaction.followUp(fitted);
    answered = true;
    if (!deferred || !interaction.editReply) return interaction.reply(fitted);
    const wantsPrivate = isEphemeral(fitted);
    if (wantsPrivate === deferred.ephemeral || (!wantsPrivate && deferred.ephemeral)) {
      const { flags: _flags, ...rest } = fitted;
      return interaction.editReply(rest);
    }
    await interaction.deleteReply?.();
    return interaction.followUp ? interaction.followUp(fitted) : interaction.editReply(fitted);
  };
  return {
    interaction: Object.assign(Object.create(interaction) as CommandInteraction, { reply }),
    async defer(ephemeral) {
      if (!interaction.deferReply) return;
      await interaction.deferReply(ephemeral ? { flags: privately('').flags } : {});
      deferred = { ephemeral };
    },
    answered: () => answered,
  };
}

/**
 * Runs the handler of a slash command and answers every failure: refusals by Arbiter with their
 * code and the fields at fault, an unreachable server plainly, all of them only to the user.
 * Commands that make several calls are deferred first (Discord wants an answer within 3 seconds).
 */
export async function handleCommand(ctx: BotContext, raw: CommandInteraction): Promise<void> {
  const handler = HANDLERS[raw.commandName];
  if (!handler) {
    await raw.reply(privately(`Unknown command /${raw.commandName}.`));
    return;
  }
  const { interaction, defer } = answering(raw);
  try {
    const slow =
      raw.commandName === 'advance'
        ? { ephemeral: advanceIsPrivate(raw) }
        : raw.commandName === 'attack' && isArchsoulAttack(raw)
          ? { ephemeral: false }
          : deferral(raw);
    if (slow) await defer(slow.ephemeral);
    await handler(ctx, interaction);
  } catch (error) {
    if (!(
      error instanceof BotRefusal ||
      error instanceof ArbiterProblem ||
      error instanceof ArbiterNetworkError
    )) {
      console.error(`/${raw.commandName} failed:`, error);
    }
    await interaction.reply(privately(explain(error)));
  }
}

/**
 * A press on one of the bot's buttons (a player's choice the API offers: a COEAC Block, a G&M mojo
 * bid). Only the user whose choice it is may press; anyone else, and a press on an expired choice,
 * is answered privately. A refusal by Arbiter goes to the presser alone and leaves the choice open.
 */
export async function handleButton(ctx: BotContext, press: ButtonPress): Promise<void> {
  const found = choiceFor(ctx, press.customId);
  if (!found) {
    await press.reply(privately('This choice is no longer open (it was made, or it expired).'));
    return;
  }
  const allowed = found.choice.mayPress(press.user.id, found.option);
  if (allowed !== true) {
    await press.reply(privately(allowed));
    return;
  }
  try {
    if (await found.choice.press(press, found.option)) close(ctx, found.id);
  } catch (error) {
    if (!(
      error instanceof BotRefusal ||
      error instanceof ArbiterProblem ||
      error instanceof ArbiterNetworkError
    ))
      console.error('a button failed:', error);
    await press.reply(privately(explain(error)));
  }
}

/**
 * Discord asking for an option's choices as the user types: `/attack weapon`, `/cast spell` and
 * `/check specialty` from the sheet, `/aid target` from the characters who need tending.
 */
export async function handleAutocomplete(ctx: BotContext, request: AutocompleteRequest): Promise<void> {
  const focused = request.options.getFocused();
  const choices =
    request.commandName === 'attack' && focused.name === 'weapon'
      ? await weaponChoices(ctx, request).catch(() => [])
      : request.commandName === 'cast' && focused.name === 'spell'
        ? await spellChoices(ctx, request).catch(() => [])
        : request.commandName === 'check' && focused.name === 'specialty'
          ? await specialtyChoices(ctx, request).catch(() => [])
          : request.commandName === 'aid' && focused.name === 'target'
            ? await aidChoices(ctx, request).catch(() => [])
            : [];
  await request.respond(choices);
}

export function explain(error: unknown): string {
  if (error instanceof BotRefusal) return error.message;
  if (error instanceof ArbiterProblem) {
    const fields = error.errors.map((e) => `\n• ${e.field}: ${e.message}`).join('');
    return `Arbiter refused (${error.code}): ${error.detail}${fields}`;
  }
  if (error instanceof ArbiterNetworkError)
    return 'Arbiter cannot be reached right now; try again in a moment.';
  return 'Something went wrong; the bot’s log has the details.';
}
