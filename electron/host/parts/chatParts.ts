import path from 'node:path';
import { AttachmentStore } from '../../store/attachmentStore';
import { ConversationStore } from '../../store/conversationStore';
import { DraftStore } from '../../store/draftStore';
import type { SettingsStore } from '../../store/settingsStore';
import { ToolChoiceStore } from '../../store/toolChoiceStore';
import type { ActivityLog } from '../activity/activityLog';
import { AppViews } from '../apps/appViews';
import { Catalog } from '../catalog/catalog';
import { ChatService } from '../chat/chatService';
import { ConversationTitler } from '../chat/conversationTitler';
import { promptToMessages, resourceToBlocks, skillToBlocks } from '../chat/resourceToBlocks';
import type { ConsentBroker } from '../consent/consentBroker';
import { AttachedFiles } from '../files/attachedFiles';
import type { HostOptions } from '../hostOptions';
import type { AppLog } from '../logs/appLog';
import type { LogStore } from '../logs/logStore';
import type { Redactor } from '../logs/redactor';
import type { ModelProviders } from '../models/modelProviders';
import { ToolInvocations } from '../runs/toolInvocations';
import type { ServerRegistry } from '../servers/serverRegistry';
import type { LiveTelemetry } from '../telemetry/liveTelemetry';
import { part } from './part';

/** Every server's tools, resources and prompts under the names the model sees (filled once the servers load). */
const catalog = part({
  name: 'catalog',
  needs: ['options', 'registry'],
  create: ({ options, registry }: { options: HostOptions; registry: ServerRegistry }) =>
    new Catalog(registry, path.join(options.home, 'tool-settings.json')),
  dispose: (catalog) => catalog.dispose(),
});

/** Every tool call under way, the model's or the person's: each ended when the host stops. */
const tools = part({
  name: 'tools',
  needs: ['catalog', 'registry', 'consent', 'logs', 'activity', 'redactor', 'telemetry'],
  create: (n: {
    catalog: Catalog;
    registry: ServerRegistry;
    consent: ConsentBroker;
    logs: LogStore;
    activity: ActivityLog;
    redactor: Redactor;
    telemetry: LiveTelemetry;
  }) =>
    new ToolInvocations({
      catalog: n.catalog,
      registry: n.registry,
      // Each consent a span of the tool call's trace, with its decision, when telemetry is on.
      consent: n.telemetry.consent(n.consent),
      record: (server, text) => n.logs.append(server, 'lifecycle', 'info', text),
      activity: n.activity,
      redact: (text) => n.redactor.redact(text),
    }),
  dispose: (tools) => tools.dispose(),
});

const conversations = part({
  name: 'conversations',
  needs: ['options'],
  create: ({ options }: { options: HostOptions }) => ConversationStore.inHome(options.home),
});

/** The open Views of MCP Apps, each bound to its server and conversation. */
const apps = part({
  name: 'apps',
  needs: ['conversations', 'registry', 'catalog', 'tools', 'logs', 'telemetry'],
  create: ({
    telemetry,
    tools,
    ...deps
  }: {
    conversations: ConversationStore;
    registry: ServerRegistry;
    catalog: Catalog;
    tools: ToolInvocations;
    logs: LogStore;
    telemetry: LiveTelemetry;
  }) =>
    // A View's tool calls join its conversation's trace.
    new AppViews({ ...deps, tools: telemetry.viewTools(tools) }),
});

/** Files attached to messages: uploads (dropped at shutdown), and the bytes kept once by hash (`attachments/`). */
const files = part({
  name: 'files',
  needs: ['options', 'activity'],
  create: ({ options, activity }: { options: HostOptions; activity: ActivityLog }) =>
    new AttachedFiles(AttachmentStore.inHome(options.home), (entry) => activity.record(entry)),
  dispose: (files) => files.uploads.clear(),
});

interface ChatNeeds {
  options: HostOptions;
  conversations: ConversationStore;
  files: AttachedFiles;
  providers: ModelProviders;
  settings: SettingsStore;
  redactor: Redactor;
  catalog: Catalog;
  tools: ToolInvocations;
  registry: ServerRegistry;
  apps: AppViews;
  appLog: AppLog;
  telemetry: LiveTelemetry;
}

/** The conversations and their turns: each turn stopped, and what it still writes awaited, at shutdown. */
const chat = part({
  name: 'chat',
  needs: [
    'options',
    'conversations',
    'files',
    'providers',
    'settings',
    'redactor',
    'catalog',
    'tools',
    'registry',
    'apps',
    'appLog',
    'telemetry',
  ],
  create: (n: ChatNeeds) => {
    const { conversations, providers, settings, catalog, registry } = n;
    return new ChatService({
      store: conversations,
      files: n.files,
      drafts: DraftStore.inHome(n.options.home),
      toolChoices: ToolChoiceStore.inHome(n.options.home),
      providers,
      settings,
      redact: (text) => n.redactor.redact(text),
      catalog,
      tools: n.tools,
      readResource: async (server, uri) => resourceToBlocks(await registry.session(server).readResource(uri)),
      loadSkill: async (server, uri) =>
        skillToBlocks(server, await registry.session(server).loadSkill(catalog.skill(server, uri))),
      getPrompt: async (server, name, args) =>
        promptToMessages(await registry.session(server).getPrompt(name, args)),
      viewContext: (id) => n.apps.takeContext(id),
      telemetry: n.telemetry.chat,
      ...(n.options.titles === false
        ? {}
        : {
            titler: new ConversationTitler({
              store: conversations,
              providers,
              settings,
              log: (text) => n.appLog.warn(text),
            }),
          }),
    });
  },
  dispose: async (chat) => {
    chat.dispose();
    await chat.settled();
  },
});

/** What the model and the person use the servers through: the catalog, tool calls, Views, chat. */
export const chatParts = [catalog, tools, conversations, apps, files, chat] as const;
