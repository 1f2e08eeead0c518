import type { SettingsStore } from '../store/settingsStore';
import type { ActivityLog } from './activity/activityLog';
import type { ActivityNotices } from './activity/activityNotices';
import type { ActivityReader } from './activity/activityReader';
import type { AppViews } from './apps/appViews';
import type { Catalog } from './catalog/catalog';
import type { ChatService } from './chat/chatService';
import type { ApprovalStore } from './consent/approvalStore';
import type { ConsentBroker } from './consent/consentBroker';
import type { HostFaults } from './faults/hostFaults';
import type { AttachedFiles } from './files/attachedFiles';
import type { BundlePlans } from './install/bundlePlans';
import type { BundleUploads } from './install/bundleUploads';
import type { LogStore } from './logs/logStore';
import type { Redactor } from './logs/redactor';
import type { ModelProviders } from './models/modelProviders';
import type { InstallRecords } from './policy/installRecords';
import type { PolicyGate } from './policy/policyGate';
import type { RootsManager } from './roots/rootsManager';
import type { ToolInvocations } from './runs/toolInvocations';
import type { SecretStore } from './secrets/secretStore';
import type { ServerRegistry } from './servers/serverRegistry';
import type { HostTelemetry } from './telemetry/hostTelemetry';

/** What the host is made of. The host layer (HostService) and tests use them; shells do not. */
export interface HostParts {
  secrets: SecretStore;
  redactor: Redactor;
  logs: LogStore;
  roots: RootsManager;
  registry: ServerRegistry;
  catalog: Catalog;
  consent: ConsentBroker;
  approvals: ApprovalStore;
  settings: SettingsStore;
  providers: ModelProviders;
  tools: ToolInvocations;
  chat: ChatService;
  /** Files attached to messages: uploads, and the bytes kept once by hash (`attachments/`). */
  files: AttachedFiles;
  apps: AppViews;
  /** Bundles opened and waiting for the person (their unpacked folders in `bundles/` of the data folder). */
  bundlePlans: BundlePlans;
  /** Bundle files the page is sending. */
  bundleUploads: BundleUploads;
  /** Errors nothing else handled: logged, traced to a server where one caused them, never an exit. */
  faults: HostFaults;
  /** The activity record (tool calls and what decided them), and the record read back (one reader). */
  activity: ActivityLog;
  activityReader: ActivityReader;
  /** What the window says about the record itself (not written, or broken at start). */
  activityNotices: ActivityNotices;
  /** Where each server came from, as the host's own installs recorded it (never config.json's word). */
  installs: InstallRecords;
  /** The managed policy, judged on what servers really run: previews ask it before anything is written. */
  policy: PolicyGate;
  /** OpenTelemetry export, when configured (electron/host/telemetry). */
  telemetry?: HostTelemetry | undefined;
}
