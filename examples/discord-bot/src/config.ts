/** What the bot reads from its environment. */
export interface BotConfig {
  /** The bot's token (Discord developer portal → your application → Bot). */
  token: string;
  /** The application id (developer portal → General Information). */
  applicationId: string;
  /** Register the commands in this one server only (instant; handy while testing); global otherwise. */
  guildId: string | null;
  /** Where Arbiter runs. */
  arbiterUrl: string;
  /** The JSON file linking servers to campaigns and users to keys. */
  storePath: string;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  needs: Array<keyof BotConfig> = [],
): BotConfig {
  const config: BotConfig = {
    token: env.DISCORD_TOKEN ?? '',
    applicationId: env.DISCORD_APPLICATION_ID ?? '',
    guildId: env.DISCORD_GUILD_ID || null,
    arbiterUrl: env.ARBITER_URL ?? 'http://127.0.0.1:3000',
    storePath: env.BOT_STORE ?? './data/discord-bot.json',
  };
  const missing = needs.filter((name) => !config[name]);
  if (missing.length > 0) {
    const names: Record<string, string> = { token: 'DISCORD_TOKEN', applicationId: 'DISCORD_APPLICATION_ID' };
    throw new Error(
      `Set ${missing.map((m) => names[m] ?? m).join(' and ')} (see examples/discord-bot/README.md).`,
    );
  }
  return config;
}
