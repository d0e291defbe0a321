import { REST, Routes } from 'discord.js';
import { COMMANDS } from './commands';
import { loadConfig } from './config';

/**
 * Registers the slash commands with Discord: in one server when DISCORD_GUILD_ID is set (they show
 * up at once), otherwise globally (Discord may take a while to show them everywhere).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, ['token', 'applicationId']);
  const rest = new REST().setToken(config.token);
  const route = config.guildId
    ? Routes.applicationGuildCommands(config.applicationId, config.guildId)
    : Routes.applicationCommands(config.applicationId);
  await rest.put(route, { body: COMMANDS });
  console.log(
    `Registered ${COMMANDS.length} commands ${config.guildId ? `in server ${config.guildId}` : 'globally'}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
