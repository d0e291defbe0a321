import {
  Client,
  Events,
  GatewayIntentBits,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageFlags,
  type SendableChannels,
} from 'discord.js';
import { loadConfig } from './config';
import type { AutocompleteRequest, BotContext, ButtonPress, CommandInteraction } from './common';
import { handleAutocomplete, handleButton, handleCommand } from './handlers';
import { JsonStore } from './store';

/** discord.js's interaction seen through the narrow interface the handlers take. */
function adapt(interaction: ChatInputCommandInteraction): CommandInteraction {
  return {
    commandName: interaction.commandName,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    user: { id: interaction.user.id },
    options: {
      getInteger: (name, required) => interaction.options.getInteger(name, required ?? false),
      getString: (name, required) => interaction.options.getString(name, required ?? false),
      getBoolean: (name, required) => interaction.options.getBoolean(name, required ?? false),
      getSubcommand: (required) => interaction.options.getSubcommand(required ?? false),
    },
    reply: (options) => interaction.reply(options),
    deferReply: (options) => interaction.deferReply(options as { flags?: MessageFlags.Ephemeral }),
    editReply: (options) => interaction.editReply(options),
    deleteReply: () => interaction.deleteReply(),
    followUp: (options) => interaction.followUp(options),
    channel: interaction.channel?.isSendable()
      ? {
          send: (options) => (interaction.channel as SendableChannels).send(options),
          edit: (messageId, options) =>
            (interaction.channel as SendableChannels).messages.edit(messageId, options),
        }
      : null,
  };
}

function adaptButton(interaction: ButtonInteraction): ButtonPress {
  // Once deferred (a press that calls Arbiter), the message is edited and a refusal follows up.
  let deferred = false;
  return {
    customId: interaction.customId,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    user: { id: interaction.user.id },
    reply: (options) =>
      deferred
        ? interaction.followUp(options as Parameters<ButtonInteraction['followUp']>[0])
        : interaction.reply(options as Parameters<ButtonInteraction['reply']>[0]),
    update: (options) =>
      deferred
        ? interaction.editReply(options as Parameters<ButtonInteraction['editReply']>[0])
        : interaction.update(options as Parameters<ButtonInteraction['update']>[0]),
    defer: async () => {
      await interaction.deferUpdate();
      deferred = true;
    },
  };
}

function adaptAutocomplete(interaction: AutocompleteInteraction): AutocompleteRequest {
  return {
    commandName: interaction.commandName,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    user: { id: interaction.user.id },
    options: {
      getFocused: () => interaction.options.getFocused(true),
      getString: (name) => interaction.options.getString(name, false),
    },
    respond: (choices) => interaction.respond(choices),
  };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, ['token']);
  const ctx: BotContext = { baseUrl: config.arbiterUrl, store: new JsonStore(config.storePath) };
  const discord = new Client({ intents: [GatewayIntentBits.Guilds] });
  discord.once(Events.ClientReady, (ready) =>
    console.log(`Logged in as ${ready.user.tag}; Arbiter at ${config.arbiterUrl}`),
  );
  discord.on(Events.InteractionCreate, (interaction) => {
    const failed = (error: unknown) => console.error('could not answer', error);
    if (interaction.isButton()) {
      handleButton(ctx, adaptButton(interaction)).catch(failed);
      return;
    }
    if (interaction.isAutocomplete()) {
      handleAutocomplete(ctx, adaptAutocomplete(interaction)).catch(failed);
      return;
    }
    if (!interaction.isChatInputCommand()) return;
    handleCommand(ctx, adapt(interaction)).catch((error: unknown) =>
      console.error('could not answer', error),
    );
  });
  await discord.login(config.token);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
