import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type Role = 'referee' | 'player' | 'viewer';

/** A Discord user's campaign key in one guild, and the character it plays (if any). */
export interface PlayerLink {
  key: string;
  role: Role;
  characterId: string | null;
}

/** A stored combat the bot tracks in one channel, and the tracker message it edits in place. */
export interface FightLink {
  combatId: string;
  system: 'cairn' | 'coeac' | 'gm';
  messageId: string | null;
}

export interface StoreData {
  /** Discord guild id → Arbiter campaign id. */
  guilds: Record<string, { campaignId: string }>;
  /** `<guild id>/<user id>` → the user's key in that guild's campaign. */
  players: Record<string, PlayerLink>;
  /** Discord channel id → the fight it tracks. */
  fights?: Record<string, FightLink>;
  /**
   * Guild id → a viewer key of its campaign, made by the bot with the referee's key: the public
   * tracker is drawn from what this key may read, so it shows nothing a player may not see.
   */
  tableKeys?: Record<string, string>;
}

/** Where the bot keeps who is who. `JsonStore` is the file-backed one; tests use `MemoryStore`. */
export interface LinkStore {
  campaignFor(guildId: string): string | null;
  linkGuild(guildId: string, campaignId: string): void;
  playerFor(guildId: string, userId: string): PlayerLink | null;
  linkPlayer(guildId: string, userId: string, link: PlayerLink): void;
  /** The Discord users linked in a guild who play this character (to offer them its choices). */
  playersOf(guildId: string, characterId: string): string[];
  fightIn(channelId: string): FightLink | null;
  setFight(channelId: string, fight: FightLink | null): void;
  tableKeyFor(guildId: string): string | null;
  setTableKey(guildId: string, key: string): void;
}

export class MemoryStore implements LinkStore {
  constructor(protected data: StoreData = { guilds: {}, players: {} }) {}

  campaignFor(guildId: string): string | null {
    return this.data.guilds[guildId]?.campaignId ?? null;
  }

  linkGuild(guildId: string, campaignId: string): void {
    this.data.guilds[guildId] = { campaignId };
    this.saved();
  }

  playerFor(guildId: string, userId: string): PlayerLink | null {
    return this.data.players[`${guildId}/${userId}`] ?? null;
  }

  linkPlayer(guildId: string, userId: string, link: PlayerLink): void {
    this.data.players[`${guildId}/${userId}`] = link;
    this.saved();
  }

  playersOf(guildId: string, characterId: string): string[] {
    return Object.entries(this.data.players)
      .filter(([at, link]) => at.startsWith(`${guildId}/`) && link.characterId === characterId)
      .map(([at]) => at.slice(guildId.length + 1));
  }

  fightIn(channelId: string): FightLink | null {
    return this.data.fights?.[channelId] ?? null;
  }

  setFight(channelId: string, fight: FightLink | null): void {
    const fights = (this.data.fights ??= {});
    if (fight) fights[channelId] = fight;
    else delete fights[channelId];
    this.saved();
  }

  tableKeyFor(guildId: string): string | null {
    return this.data.tableKeys?.[guildId] ?? null;
  }

  setTableKey(guildId: string, key: string): void {
    (this.data.tableKeys ??= {})[guildId] = key;
    this.saved();
  }

  protected saved(): void {
    // in memory: nothing to do
  }
}

/**
 * The small local store: one JSON file, rewritten whole (write to a temporary file, then rename) on
 * every change, readable only by its owner since it holds campaign keys.
 */
export class JsonStore extends MemoryStore {
  constructor(private readonly path: string) {
    super(JsonStore.read(path));
  }

  private static read(path: string): StoreData {
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoreData>;
      return {
        guilds: parsed.guilds ?? {},
        players: parsed.players ?? {},
        fights: parsed.fights ?? {},
        tableKeys: parsed.tableKeys ?? {},
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { guilds: {}, players: {} };
      throw error;
    }
  }

  protected override saved(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
